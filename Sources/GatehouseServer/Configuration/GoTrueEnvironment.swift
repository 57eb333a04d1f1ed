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

import Foundation

/// An environment written for GoTrue, read as Gatehouse's: each GoTrue variable `GoTrueVariables`
/// knows becomes the `GATEHOUSE_` setting it aliases (in that setting's units), is accepted
/// because Gatehouse already does what its value asks, or is refused; an unknown `GOTRUE_`
/// variable is refused too, so nothing GoTrue would act on is silently ignored. A `GATEHOUSE_`
/// variable set to another value than its GoTrue alias is refused, naming both. The problems are
/// collected here and thrown by `check()` before any setting is read, so one start shows them all.
struct GoTrueEnvironment: Sendable {
    static let guide = "docs/guides/gotrue-environment.md"

    /// GoTrue reads these unprefixed names when its own (the value) is unset. Other platforms set
    /// them too (`PORT`, `DATABASE_URL`), so they are read only beside a `GOTRUE_` variable.
    static let fallbacks: [String: String] = [
        "PORT": "GOTRUE_API_PORT", "DATABASE_URL": "GOTRUE_DB_DATABASE_URL",
        "API_EXTERNAL_URL": "GOTRUE_API_API_EXTERNAL_URL", "DB_NAMESPACE": "GOTRUE_DB_DB_NAMESPACE",
    ]

    /// The environment as Gatehouse reads it: GoTrue's values under the `GATEHOUSE_` names.
    private(set) var environment: [String: String]
    /// Each `GATEHOUSE_` setting whose value came from a GoTrue variable, and that variable.
    private(set) var sources: [String: String] = [:]
    /// One line per variable that stops the start, in name order; values of secrets never appear.
    private(set) var problems: [String] = []

    init(_ env: [String: String]) {
        environment = env
        var deferred: [(name: String, value: String, check: @Sendable ([String: String]) -> String?)] = []
        for name in Self.goTrueNames(in: env) {
            guard let value = Self.value(name, in: env) else { continue }
            guard let rule = GoTrueVariables.rule(for: name) else {
                problems.append("\(name): unknown GoTrue setting; Gatehouse refuses what it does not know rather than ignore it")
                continue
            }
            switch rule.decide(value, env) {
            case .reads(let settings):
                for (setting, text) in settings { read(setting, text, from: name, value: value, env: env) }
            case .ignored:
                break
            case .refused(let reason):
                problems.append(Self.refusal(name, value, shown: rule.showsValue, reason))
            case .deferred(let check):
                deferred.append((name, value, check))
            }
        }
        for item in deferred {
            if let reason = item.check(environment) { problems.append(Self.refusal(item.name, item.value, shown: true, reason)) }
        }
        problems.sort()
    }

    /// The `GOTRUE_` variables that are set, and the unprefixed fallbacks GoTrue would read
    /// beside them, in name order.
    static func goTrueNames(in env: [String: String]) -> [String] {
        let prefixed = env.keys.filter { $0.hasPrefix("GOTRUE_") && value($0, in: env) != nil }
        guard !prefixed.isEmpty else { return [] }
        let fallbacks = Self.fallbacks.filter { value($0.key, in: env) != nil && value($0.value, in: env) == nil }.keys
        return (prefixed + fallbacks).sorted()
    }

    /// A variable's trimmed text, nil when unset or blank (as `EnvironmentReader` reads them).
    static func value(_ name: String, in env: [String: String]) -> String? {
        guard let value = env[name]?.trimmingCharacters(in: .whitespaces), !value.isEmpty else { return nil }
        return value
    }

    /// `setting` takes `text` from GoTrue's `name`, unless the setting is set itself: then the two
    /// must agree, compared as the setting reads them (`1h` and `3600`, `TRUE` and `yes`).
    private mutating func read(_ setting: String, _ text: String, from name: String, value: String, env: [String: String]) {
        let secret = ServerSettings.named[setting]?.isSecret ?? false
        let earlier = sources[setting].map { (name: $0, text: environment[setting] ?? "") }
        let own = Self.value(setting, in: env).map { (name: setting, text: $0) }
        guard let other = own ?? earlier else {
            environment[setting] = text
            sources[setting] = name
            return
        }
        guard !ServerSettings.sameValue(of: setting, other.text, text) else { return }
        if secret {
            problems.append("\(name) and \(other.name) are both set, to different values (not shown: secrets); keep one of them")
        } else {
            let meaning = text == value ? "" : " (read as \(setting)=\(text))"
            problems.append("\(name)=\(value)\(meaning) and \(other.name)=\(other.text) disagree; keep one of them")
        }
    }

    private static func refusal(_ name: String, _ value: String, shown: Bool, _ reason: String) -> String {
        shown ? "\(name)=\(value): \(reason)" : "\(name): \(reason)"
    }

    /// Throws every problem at once, each line naming its variable.
    func check() throws {
        switch problems.count {
        case 0: return
        case 1: throw ConfigurationError("\(problems[0]) (see \(Self.guide))")
        default:
            throw ConfigurationError(
                "\(problems.count) GoTrue settings cannot be used as they are (see \(Self.guide)):\n  "
                    + problems.joined(separator: "\n  "))
        }
    }

    /// `error` with, for each `GATEHOUSE_` setting it names whose value came from GoTrue, the
    /// GoTrue variable the operator actually set: Gatehouse's own rules name only its settings.
    func attributing(_ error: ConfigurationError) -> ConfigurationError {
        let text = error.description
        let notes = sources.sorted { $0.key < $1.key }.compactMap { setting, name in
            Self.mentions(text, setting) && !Self.mentions(text, name) ? "\(setting) is read from GoTrue's \(name)" : nil
        }
        guard !notes.isEmpty else { return error }
        return ConfigurationError(text + " (" + notes.joined(separator: "; ") + ")")
    }

    /// Whether `text` names the variable `name` (not a longer name that contains it).
    static func mentions(_ text: String, _ name: String) -> Bool {
        let isNameCharacter: (Character) -> Bool = { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }
        var searchStart = text.startIndex
        while let found = text.range(of: name, range: searchStart..<text.endIndex) {
            let before = found.lowerBound == text.startIndex ? nil : text[text.index(before: found.lowerBound)]
            let after = found.upperBound == text.endIndex ? nil : text[found.upperBound]
            if !(before.map(isNameCharacter) ?? false), !(after.map(isNameCharacter) ?? false) { return true }
            searchStart = found.upperBound
        }
        return false
    }
}
