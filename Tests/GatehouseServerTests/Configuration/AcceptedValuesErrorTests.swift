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

import Testing

@testable import GatehouseServer

/// A value a setting cannot take stops the start with the values it can take, as the README's
/// table lists them (without Markdown), so the operator fixes it without looking anything up.
@Suite("Configuration errors: the accepted values")
struct AcceptedValuesErrorTests {
    static func error(_ name: String, _ value: String) -> String? {
        do {
            _ = try ServerConfiguration.fromEnvironment(ConfigurationTests.env([name: value]))
            return nil
        } catch {
            return "\(error)"
        }
    }

    @Test(
        "each kind of setting lists what it accepts",
        arguments: [
            ("GATEHOUSE_PORT", "http", "accepted: 0 … 65535"),
            ("GATEHOUSE_AUTOCONFIRM", "maybe", "accepted: true or false (also 1/0, yes/no, on/off)"),
            ("GATEHOUSE_LOG_LEVEL", "loud", "accepted: trace, debug, info, notice, warning, error, critical"),
            ("GATEHOUSE_ENV", "staging", "accepted: development, production"),
            ("GATEHOUSE_SESSIONS_TIMEBOX", "soon", "accepted: seconds, or 90s, 30m, 24h, 1h30m, 7d (at most ten years)"),
        ])
    func listed(_ name: String, _ value: String, _ expected: String) throws {
        let message = try #require(Self.error(name, value))
        #expect(message.hasPrefix("\(name)=\(value) is not a valid value"), "\(message)")
        #expect(message.hasSuffix(expected), "\(message)")
        #expect(!message.contains("`"), "\(message)")
    }

    @Test("every setting's 'not a valid value' names its accepted values")
    func everySetting() {
        for setting in ServerSettings.all {
            guard let message = Self.error(setting.name, "\u{7f}?not-a-value?"), message.contains("is not a valid value") else { continue }
            #expect(message.contains("; accepted: "), "\(message)")
        }
    }
}
