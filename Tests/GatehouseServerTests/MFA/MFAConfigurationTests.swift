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

@Suite("MFA settings")
struct MFAConfigurationTests {
    @Test("GoTrue's defaults")
    func defaults() throws {
        let mfa = try ServerConfiguration.fromEnvironment(ConfigurationTests.env()).mfa
        #expect(mfa.totpEnrollEnabled && mfa.totpVerifyEnabled)
        #expect(mfa.maxEnrolledFactors == 10 && mfa.maxVerifiedFactors == 10)
        #expect(mfa.challengeExpiry == 300 && mfa.factorExpiry == 300)
        #expect(mfa.verifyAttempts == 10 && mfa.verifyAttemptWindow == 3600)
    }

    @Test("values are read")
    func overrides() throws {
        let mfa = try ServerConfiguration.fromEnvironment(
            ConfigurationTests.env([
                "GATEHOUSE_MFA_TOTP_ENROLL_ENABLED": "false", "GATEHOUSE_MFA_MAX_ENROLLED_FACTORS": "3",
                "GATEHOUSE_MFA_CHALLENGE_EXPIRY": "120", "GATEHOUSE_MFA_VERIFY_ATTEMPTS": "5",
            ])
        ).mfa
        #expect(!mfa.totpEnrollEnabled && mfa.maxEnrolledFactors == 3 && mfa.challengeExpiry == 120 && mfa.verifyAttempts == 5)
    }

    @Test(
        "a bad value stops the start, naming the setting",
        arguments: [
            ("GATEHOUSE_MFA_MAX_ENROLLED_FACTORS", "0"), ("GATEHOUSE_MFA_CHALLENGE_EXPIRY", "ten"),
            ("GATEHOUSE_MFA_VERIFY_ATTEMPTS", "-1"), ("GATEHOUSE_MFA_TOTP_VERIFY_ENABLED", "maybe"),
        ])
    func badValues(name: String, value: String) {
        let error = #expect(throws: ConfigurationError.self) {
            try ServerConfiguration.fromEnvironment(ConfigurationTests.env([name: value]))
        }
        #expect(error?.description.contains(name) == true, "\(String(describing: error))")
    }
}
