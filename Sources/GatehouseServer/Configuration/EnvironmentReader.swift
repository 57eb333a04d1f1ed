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

/// Reads settings from environment variables: a variable that is unset, empty or only spaces
/// takes the setting's default; any other text is trimmed and parsed by the setting, whose
/// error names the variable. GoTrue's variables are read as the settings they alias
/// (`GoTrueEnvironment`): `env` holds their values under the `GATEHOUSE_` names.
struct EnvironmentReader {
    let env: [String: String]
    /// Every variable looked at, in order (a test checks that they are all in `ServerSettings.all`).
    let log: ReadLog?
    /// GoTrue's variables and what became of them; `check()` throws the ones Gatehouse cannot honour.
    let goTrue: GoTrueEnvironment

    init(_ env: [String: String], log: ReadLog? = nil) {
        self.goTrue = GoTrueEnvironment(env)
        self.env = goTrue.environment
        self.log = log
    }

    final class ReadLog {
        var names: [String] = []
    }

    /// The variable's trimmed text, nil when unset or blank.
    func string(_ name: String) -> String? {
        log?.names.append(name)
        guard let value = env[name]?.trimmingCharacters(in: .whitespaces), !value.isEmpty else { return nil }
        return value
    }

    /// Whether the variable is set to something other than blanks.
    func isSet(_ setting: some SettingDescription) -> Bool {
        string(setting.name) != nil
    }

    func read<Value>(_ setting: Setting<Value>) throws -> Value {
        try read(setting, defaultingTo: setting.defaultValue)
    }

    /// For a default that depends on another setting (the SMTP port on its security mode).
    func read<Value>(_ setting: Setting<Value>, defaultingTo fallback: Value) throws -> Value {
        guard let raw = string(setting.name) else { return fallback }
        do {
            return try setting.parse(raw)
        } catch let error as ConfigurationError {
            throw error.listing(accepted: setting.accepted)
        }
    }
}
