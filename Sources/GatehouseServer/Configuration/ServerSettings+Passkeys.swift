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

/// Passkeys (WebAuthn first-factor sign-in), named as GoTrue's `GOTRUE_PASSKEY_*` and
/// `GOTRUE_WEBAUTHN_*` with our prefix, with GoTrue's defaults.
extension ServerSettings {
    static let passkeys: [any SettingDescription] = [
        passkeyEnabled, passkeyMaxPerUser, webAuthnRPID, webAuthnRPDisplayName, webAuthnRPOrigins, webAuthnChallengeExpiry,
        rateLimitPasskey,
    ]

    static let passkeyEnabled = Setting<Bool>.flag(
        "GATEHOUSE_PASSKEY_ENABLED", default: false,
        help: "serves the `/passkeys…` routes (otherwise `404 passkey_disabled`; the admin routes always answer)"
    )
    static let passkeyMaxPerUser = Setting<Int>.integer(
        "GATEHOUSE_PASSKEY_MAX_PASSKEYS_PER_USER", default: 10, in: 1...100,
        help: "passkeys one user may have; registering another is `422 too_many_passkeys`"
    )
    static let webAuthnRPID = Setting<String?>(
        "GATEHOUSE_WEBAUTHN_RP_ID", default: nil, shown: "`localhost` in development, required in production with passkeys on",
        accepted: "a bare domain (`example.com`, `localhost`): no scheme, port or path",
        help: "the relying party id passkeys are bound to (changing it orphans every passkey); an iOS app's "
            + "associated domain `webcredentials:<rp id>` names it"
    ) {
        let id = $0.lowercased()
        guard PasskeyOrigins.isDomain(id) else {
            throw ConfigurationError("GATEHOUSE_WEBAUTHN_RP_ID=\($0) is not a bare domain (like example.com or localhost)")
        }
        return id
    }
    static let webAuthnRPDisplayName = Setting<String>.text(
        "GATEHOUSE_WEBAUTHN_RP_DISPLAY_NAME", default: "Gatehouse", accepted: "text",
        help: "the name authenticators show for the relying party (`rp.name`)"
    )
    static let webAuthnRPOrigins = Setting<[String]>(
        "GATEHOUSE_WEBAUTHN_RP_ORIGINS", default: [], shown: "the site URL's origin (as `localhost`) in development",
        accepted: "comma-separated origins `https://host[:port]` (`http` only on loopback), host equal to or under the RP id; "
            + "also `android:apk-key-hash:…`",
        help: "the origins whose ceremonies are accepted (the page's `location.origin`)"
    ) {
        let origins = $0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        guard !origins.isEmpty else { throw ConfigurationError.notValid("GATEHOUSE_WEBAUTHN_RP_ORIGINS", $0) }
        return origins
    }
    static let webAuthnChallengeExpiry = Setting<Int>(
        "GATEHOUSE_WEBAUTHN_CHALLENGE_EXPIRY_DURATION", default: 300, shown: "`5m`",
        accepted: "seconds, or `90s`, `5m`, `1h` (1 second to 1 hour)",
        help: "how long a registration or sign-in challenge can be answered; later `400 webauthn_challenge_expired`"
    ) {
        guard let seconds = DurationSetting.seconds($0) else {
            throw ConfigurationError.notValid("GATEHOUSE_WEBAUTHN_CHALLENGE_EXPIRY_DURATION", $0)
        }
        guard (1...3600).contains(seconds) else {
            throw ConfigurationError.outOfRange("GATEHOUSE_WEBAUTHN_CHALLENGE_EXPIRY_DURATION", 1...3600)
        }
        return seconds
    }
    static let rateLimitPasskey = Setting<Int>.integer(
        "GATEHOUSE_RATE_LIMIT_PASSKEY", default: 30, in: 0...10_000_000,
        help: "`POST /passkeys/authentication/options` per 5 minutes per client IP, also its burst (`0` = off)"
    )
}

extension ServerConfiguration {
    /// The passkey settings (`ServerSettings+Passkeys.swift`), with the relying party resolved:
    /// in development, passkeys on with no RP settings work on `localhost`; in production they
    /// must be named.
    public struct PasskeyConfiguration: Sendable {
        public var enabled = ServerSettings.passkeyEnabled.defaultValue
        public var maxPerUser = ServerSettings.passkeyMaxPerUser.defaultValue
        /// The RP id; nil only when passkeys are off and none was set.
        public var rpID: String? = "localhost"
        public var rpDisplayName = ServerSettings.webAuthnRPDisplayName.defaultValue
        public var rpOrigins: [String] = []
        /// Seconds a challenge can be answered.
        public var challengeExpiry = ServerSettings.webAuthnChallengeExpiry.defaultValue

        public init() {}

        static func fromEnvironment(
            _ reader: EnvironmentReader, environment: ServerConfiguration.Environment, siteURL: String
        ) throws -> Self {
            var passkeys = Self()
            passkeys.enabled = try reader.read(ServerSettings.passkeyEnabled)
            passkeys.maxPerUser = try reader.read(ServerSettings.passkeyMaxPerUser)
            passkeys.rpDisplayName = try reader.read(ServerSettings.webAuthnRPDisplayName)
            passkeys.challengeExpiry = try reader.read(ServerSettings.webAuthnChallengeExpiry)
            let rpID = try reader.read(ServerSettings.webAuthnRPID)
            let origins = try reader.read(ServerSettings.webAuthnRPOrigins)
            switch environment {
            case .development:
                passkeys.rpID = rpID ?? "localhost"
                passkeys.rpOrigins = origins.isEmpty ? PasskeyOrigins.developmentOrigins(siteURL: siteURL, rpID: rpID) : origins
            case .production:
                passkeys.rpID = rpID
                passkeys.rpOrigins = origins
                if passkeys.enabled, rpID == nil || origins.isEmpty {
                    throw ConfigurationError(
                        "GATEHOUSE_PASSKEY_ENABLED=true in production needs GATEHOUSE_WEBAUTHN_RP_ID and GATEHOUSE_WEBAUTHN_RP_ORIGINS "
                            + "(the domain passkeys belong to, and the origins of the pages that use them)")
                }
            }
            if let id = passkeys.rpID {
                for origin in passkeys.rpOrigins { try PasskeyOrigins.check(origin, rpID: id) }
            }
            return passkeys
        }
    }
}
