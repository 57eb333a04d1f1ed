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

/// `gatehouse config` (and `gatehouse settings --json`): every setting the server reads, the value
/// it runs with and where that came from, with secrets masked. Read from the same list as the README's table
/// (`ServerSettings.all`), so a new setting shows up here without further work.
public struct EffectiveSetting: Sendable, Encodable, Equatable {
    public enum Source: String, Sendable, Encodable {
        /// The variable is set.
        case environment
        /// Unset (or blank): the default, or what it follows, as the README says.
        case `default`
        /// Unset, and made once and kept in the data folder (the development JWT secret).
        case generated
    }

    public let name: String
    /// The value, or for a secret only whether it is set (a URL keeps all but its password).
    public let value: String
    public let source: Source
    public let secret: Bool
    /// The variable the value was read from when it is not `name`: a GoTrue alias
    /// (`GoTrueEnvironment`), such as `GOTRUE_JWT_EXP` for `GATEHOUSE_JWT_EXPIRY`.
    public var variable: String? = nil

    public static let mask = "********"

    /// Every setting against `env` (the process environment by default). Blank values count as
    /// unset, as `ServerConfiguration.fromEnvironment` reads them. With `configuration` (read from
    /// the same `env`), an unset setting whose default depends on the environment or on another
    /// setting shows the value it comes to (`derivedDefault`), not the README's description of it.
    public static func all(
        _ env: [String: String] = ProcessInfo.processInfo.environment, settings: [any SettingDescription] = ServerSettings.all,
        configuration: ServerConfiguration? = nil
    ) -> [EffectiveSetting] {
        let goTrue = GoTrueEnvironment(env)
        return settings.map { setting in
            let raw = goTrue.environment[setting.name]?.trimmingCharacters(in: .whitespaces) ?? ""
            guard !raw.isEmpty else {
                if let configuration, let derived = derivedDefault(setting.name, in: configuration) {
                    return EffectiveSetting(name: setting.name, value: derived.value, source: derived.source, secret: setting.isSecret)
                }
                return EffectiveSetting(name: setting.name, value: plain(setting.shownDefault), source: .default, secret: setting.isSecret)
            }
            let value = setting.isSecret ? masked(raw) : raw
            return EffectiveSetting(
                name: setting.name, value: value, source: .environment, secret: setting.isSecret, variable: goTrue.sources[setting.name])
        }
    }

    /// A secret as it may be shown: a database URL with a password keeps its scheme, user, host and path
    /// (what an operator checks) with the password masked; anything else is masked whole.
    static func masked(_ raw: String) -> String {
        if var components = URLComponents(string: raw), ["postgres", "postgresql", "sqlite"].contains(components.scheme ?? "") {
            guard components.password != nil else { return raw }
            components.password = mask
            return components.string ?? mask
        }
        return mask
    }

    /// The README's Markdown default as plain text.
    private static func plain(_ markdown: String) -> String {
        markdown.withoutMarkdownCode
    }
}
