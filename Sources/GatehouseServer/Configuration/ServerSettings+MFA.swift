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

/// Multi-factor authentication (TOTP), with GoTrue's defaults (`GOTRUE_MFA_*`).
extension ServerSettings {
    static let mfa: [any SettingDescription] = [
        mfaTOTPEnrollEnabled, mfaTOTPVerifyEnabled, mfaMaxEnrolledFactors, mfaMaxVerifiedFactors, mfaChallengeExpiry,
        mfaFactorExpiry, mfaVerifyAttempts, mfaVerifyAttemptWindow,
    ]

    static let mfaTOTPEnrollEnabled = Setting<Bool>.flag(
        "GATEHOUSE_MFA_TOTP_ENROLL_ENABLED", default: true,
        help: "users may enrol TOTP factors (`POST /factors`); `false` answers `422 mfa_totp_enroll_not_enabled`"
    )
    static let mfaTOTPVerifyEnabled = Setting<Bool>.flag(
        "GATEHOUSE_MFA_TOTP_VERIFY_ENABLED", default: true,
        help: "TOTP factors may be challenged and verified; `false` answers `422 mfa_totp_verify_not_enabled`"
    )
    static let mfaMaxEnrolledFactors = Setting<Int>.integer(
        "GATEHOUSE_MFA_MAX_ENROLLED_FACTORS", default: 10, in: 1...100,
        help: "factors (verified or not) one user may have; an enrolment past it is `422 too_many_enrolled_mfa_factors`"
    )
    static let mfaMaxVerifiedFactors = Setting<Int>.integer(
        "GATEHOUSE_MFA_MAX_VERIFIED_FACTORS", default: 10, in: 1...100,
        help: "verified factors one user may have before enrolling another is refused"
    )
    static let mfaChallengeExpiry = Setting<Int>.integer(
        "GATEHOUSE_MFA_CHALLENGE_EXPIRY", default: 300, in: 30...86_400,
        help: "seconds a challenge (`POST /factors/{id}/challenge`) can be verified; later `422 mfa_challenge_expired`"
    )
    static let mfaFactorExpiry = Setting<Int>.integer(
        "GATEHOUSE_MFA_FACTOR_EXPIRY", default: 300, in: 30...86_400,
        help: "an unverified factor not challenged for this many seconds is deleted at the user's next enrolment"
    )
    static let mfaVerifyAttempts = Setting<Int>.integer(
        "GATEHOUSE_MFA_VERIFY_ATTEMPTS", default: 10, in: 1...1000,
        help: "code checks per factor per window, from any client (claimed atomically before each check); past it "
            + "`429 over_request_rate_limit` until the window ends; a correct code starts again"
    )
    static let mfaVerifyAttemptWindow = Setting<Int>.integer(
        "GATEHOUSE_MFA_VERIFY_ATTEMPT_WINDOW", default: 3600, in: 1...86_400, help: "seconds of that window"
    )
}

extension ServerConfiguration {
    /// The MFA settings (`ServerSettings+MFA.swift`).
    public struct MFAConfiguration: Sendable {
        public var totpEnrollEnabled = ServerSettings.mfaTOTPEnrollEnabled.defaultValue
        public var totpVerifyEnabled = ServerSettings.mfaTOTPVerifyEnabled.defaultValue
        public var maxEnrolledFactors = ServerSettings.mfaMaxEnrolledFactors.defaultValue
        public var maxVerifiedFactors = ServerSettings.mfaMaxVerifiedFactors.defaultValue
        public var challengeExpiry = ServerSettings.mfaChallengeExpiry.defaultValue
        public var factorExpiry = ServerSettings.mfaFactorExpiry.defaultValue
        public var verifyAttempts = ServerSettings.mfaVerifyAttempts.defaultValue
        public var verifyAttemptWindow = ServerSettings.mfaVerifyAttemptWindow.defaultValue

        public init() {}

        static func fromEnvironment(_ reader: EnvironmentReader) throws -> Self {
            var mfa = Self()
            mfa.totpEnrollEnabled = try reader.read(ServerSettings.mfaTOTPEnrollEnabled)
            mfa.totpVerifyEnabled = try reader.read(ServerSettings.mfaTOTPVerifyEnabled)
            mfa.maxEnrolledFactors = try reader.read(ServerSettings.mfaMaxEnrolledFactors)
            mfa.maxVerifiedFactors = try reader.read(ServerSettings.mfaMaxVerifiedFactors)
            mfa.challengeExpiry = try reader.read(ServerSettings.mfaChallengeExpiry)
            mfa.factorExpiry = try reader.read(ServerSettings.mfaFactorExpiry)
            mfa.verifyAttempts = try reader.read(ServerSettings.mfaVerifyAttempts)
            mfa.verifyAttemptWindow = try reader.read(ServerSettings.mfaVerifyAttemptWindow)
            return mfa
        }
    }
}
