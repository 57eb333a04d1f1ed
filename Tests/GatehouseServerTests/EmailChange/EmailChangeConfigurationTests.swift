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
import Testing

@testable import GatehouseServer

/// The settings of email change and anonymous sign-in: GoTrue's defaults, values, and a clear
/// start-up error for a bad value.
@Suite("Email change and anonymous settings")
struct EmailChangeConfigurationTests {
    static func env(_ extra: [String: String] = [:]) -> [String: String] {
        ["GATEHOUSE_JWT_SECRET": String(repeating: "s", count: 32)].merging(extra) { $1 }
    }

    @Test("defaults: secure email change on, anonymous sign-ins off, 30 an hour")
    func defaults() throws {
        let configuration = try ServerConfiguration.fromEnvironment(Self.env())
        #expect(configuration.secureEmailChange == true)
        #expect(configuration.anonymousUsersEnabled == false)
        #expect(configuration.anonymousSignInsPerHour == 30)
    }

    @Test("values are read")
    func values() throws {
        let configuration = try ServerConfiguration.fromEnvironment(
            Self.env([
                "GATEHOUSE_MAILER_SECURE_EMAIL_CHANGE_ENABLED": "false", "GATEHOUSE_EXTERNAL_ANONYMOUS_USERS_ENABLED": "true",
                "GATEHOUSE_RATE_LIMIT_ANONYMOUS_USERS": "0",
            ]))
        #expect(configuration.secureEmailChange == false)
        #expect(configuration.anonymousUsersEnabled == true)
        #expect(configuration.anonymousSignInsPerHour == 0)
    }

    @Test(
        "bad values stop the start with the setting's name",
        arguments: [
            ("GATEHOUSE_MAILER_SECURE_EMAIL_CHANGE_ENABLED", "maybe"), ("GATEHOUSE_EXTERNAL_ANONYMOUS_USERS_ENABLED", "2"),
            ("GATEHOUSE_RATE_LIMIT_ANONYMOUS_USERS", "-1"), ("GATEHOUSE_RATE_LIMIT_ANONYMOUS_USERS", "lots"),
        ])
    func badValues(name: String, value: String) {
        #expect(
            performing: { try ServerConfiguration.fromEnvironment(Self.env([name: value])) },
            throws: { error in
                "\(error)".contains(name)
            })
    }
}
