//===----------------------------------------------------------------------===//
//
// This source file is part of the Gatehouse open source project
//
// Copyright (c) 2026 the Gatehouse project authors
// Licensed under Apache License v2.0
//
// See LICENSE for license information
//
// SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//

/// What is said about a setting whatever its type: the configuration table in the README and
/// `gatehouse settings` are printed from these, so a setting is described in one place only.
public protocol SettingDescription: Sendable {
    /// The environment variable, `GATEHOUSE_…`.
    var name: String { get }
    /// The default as the table shows it (Markdown): the literal default, or what it follows.
    var shownDefault: String { get }
    /// The values taken (Markdown): bounds, choices, a format.
    var accepted: String { get }
    /// What the setting does (Markdown, one line).
    var help: String { get }
    /// Kept in a `Secret` once read: never printed, logged or shown.
    var isSecret: Bool { get }
}

/// One `GATEHOUSE_*` environment variable: its name, typed default, the values it accepts, its
/// meaning, and how its text becomes a value — including the start-up error for a bad one.
///
/// Declared once in `ServerSettings`; `EnvironmentReader.read(_:)` parses it, the configuration's
/// properties take `defaultValue` as their initial value, and `SettingsTable` documents it.
struct Setting<Value: Sendable>: SettingDescription {
    let name: String
    let defaultValue: Value
    let shownDefault: String
    let accepted: String
    let help: String
    let isSecret: Bool
    /// The trimmed, non-empty text of the variable → a value, or a `ConfigurationError`
    /// naming the variable.
    let parse: @Sendable (String) throws -> Value

    init(
        _ name: String, default defaultValue: Value, shown shownDefault: String, accepted: String, help: String,
        secret isSecret: Bool = false, parse: @escaping @Sendable (String) throws -> Value
    ) {
        self.name = name
        self.defaultValue = defaultValue
        self.shownDefault = shownDefault
        self.accepted = accepted
        self.help = help
        self.isSecret = isSecret
        self.parse = parse
    }

}

// MARK: - The kinds of setting

extension Setting where Value == Int {
    /// A whole number within `range`; the table shows the bounds.
    static func integer(
        _ name: String, default value: Int, in range: ClosedRange<Int>, shown: String? = nil, help: String
    ) -> Setting {
        let bounds = "`\(range.lowerBound)` … `\(range.upperBound)`"
        return Setting(name, default: value, shown: shown ?? "`\(value)`", accepted: bounds, help: help) {
            guard let number = Int($0) else { throw ConfigurationError.notValid(name, $0) }
            guard range.contains(number) else {
                throw ConfigurationError.outOfRange(name, range)
            }
            return number
        }
    }

    /// Whole seconds (`3600`) or Go-style units as GoTrue takes them (`90s`, `30m`, `1h30m`, `7d`).
    static func duration(_ name: String, default value: Int, shown: String, help: String) -> Setting {
        Setting(
            name, default: value, shown: shown,
            accepted: "seconds, or `90s`, `30m`, `24h`, `1h30m`, `7d` (at most ten years)", help: help
        ) {
            guard let seconds = DurationSetting.seconds($0) else { throw ConfigurationError.notValid(name, $0) }
            return seconds
        }
    }
}

extension Setting where Value == Bool {
    static func flag(_ name: String, default value: Bool, help: String) -> Setting {
        let accepted = "`true` or `false` (also `1`/`0`, `yes`/`no`, `on`/`off`)"
        return Setting(name, default: value, shown: "`\(value)`", accepted: accepted, help: help) {
            switch $0.lowercased() {
            case "1", "true", "yes", "on": return true
            case "0", "false", "no", "off": return false
            default: throw ConfigurationError.notValid(name, $0)
            }
        }
    }
}

extension Setting where Value: RawRepresentable & CaseIterable, Value.RawValue == String {
    /// One of the type's cases, by raw value, case-insensitively.
    static func choice(_ name: String, default value: Value, shown: String? = nil, help: String) -> Setting {
        let names = Value.allCases.map { "`\($0.rawValue)`" }.joined(separator: ", ")
        return Setting(name, default: value, shown: shown ?? "`\(value.rawValue)`", accepted: names, help: help) {
            guard let choice = Value(rawValue: $0.lowercased()) else { throw ConfigurationError.notValid(name, $0) }
            return choice
        }
    }
}

extension Setting where Value == String? {
    /// Text taken as it is (trimmed); unset → `nil`, and the reader of the setting decides what
    /// that means (`shown` says it).
    static func text(_ name: String, shown: String, accepted: String, secret: Bool = false, help: String) -> Setting {
        Setting(name, default: nil, shown: shown, accepted: accepted, help: help, secret: secret) { $0 }
    }
}

extension Setting where Value == String {
    /// Text with a literal default.
    static func text(_ name: String, default value: String, accepted: String, help: String) -> Setting {
        Setting(name, default: value, shown: "`\(value)`", accepted: accepted, help: help) { $0 }
    }
}
