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

/// GoTrue's public `GET /settings`, as the server answers it and the SDK reads it. Optional
/// fields, since other GoTrue servers may leave some out; Gatehouse sends them all (`gatehouse`).
public struct SettingsPayload: Codable, Sendable, Equatable {
    /// Which sign-in providers are on (`email`, `phone`, `anonymous_users`, …).
    public var external: [String: Bool]?
    public var disableSignup: Bool?
    public var mailerAutoconfirm: Bool?
    public var phoneAutoconfirm: Bool?
    public var smsProvider: String?
    public var samlEnabled: Bool?
    public var passwordMinLength: Int?
    /// How long an emailed link or code works, in seconds (GoTrue's `MAILER_OTP_EXP`): the
    /// forgot-password page's "Link expires in …" (spec 000) comes from it, never a constant.
    public var mailerOtpExp: Int?
    /// Whether the server serves passkeys (GoTrue's top-level `passkeys_enabled`).
    public var passkeysEnabled: Bool?

    public init(
        external: [String: Bool]? = nil, disableSignup: Bool? = nil, mailerAutoconfirm: Bool? = nil,
        phoneAutoconfirm: Bool? = nil, smsProvider: String? = nil, samlEnabled: Bool? = nil,
        passwordMinLength: Int? = nil, mailerOtpExp: Int? = nil
    ) {
        self.external = external
        self.disableSignup = disableSignup
        self.mailerAutoconfirm = mailerAutoconfirm
        self.phoneAutoconfirm = phoneAutoconfirm
        self.smsProvider = smsProvider
        self.samlEnabled = samlEnabled
        self.passwordMinLength = passwordMinLength
        self.mailerOtpExp = mailerOtpExp
    }

    /// Gatehouse's answer: email sign-in only (no phone, SMS, SAML or anonymous users).
    public static func gatehouse(
        disableSignup: Bool, mailerAutoconfirm: Bool, passwordMinLength: Int, mailerOtpExp: Int
    ) -> SettingsPayload {
        SettingsPayload(
            external: ["email": true, "phone": false, "anonymous_users": false], disableSignup: disableSignup,
            mailerAutoconfirm: mailerAutoconfirm, phoneAutoconfirm: false, smsProvider: "", samlEnabled: false,
            passwordMinLength: passwordMinLength, mailerOtpExp: mailerOtpExp
        )
    }

    enum CodingKeys: String, CodingKey {
        case external
        case disableSignup = "disable_signup"
        case mailerAutoconfirm = "mailer_autoconfirm"
        case phoneAutoconfirm = "phone_autoconfirm"
        case smsProvider = "sms_provider"
        case samlEnabled = "saml_enabled"
        case passwordMinLength = "password_min_length"
        case mailerOtpExp = "mailer_otp_exp"
        case passkeysEnabled = "passkeys_enabled"
    }
}
