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
import GatehouseCore

/// `POST /passkeys/registration/options`'s answer (passkeys reference §2.1): the challenge's id
/// to send back with the credential, WebAuthn's `PublicKeyCredentialCreationOptionsJSON` kept as
/// the server sent it, and when the challenge expires.
public struct PasskeyRegistrationOptions: Decodable, Sendable, Equatable {
    public let challengeId: String
    /// The creation options exactly as received (for a WebView or another WebAuthn stack).
    public let options: JSONValue
    /// Unix seconds (a number on the wire, as supabase-swift decodes it).
    public let expiresAt: Int64

    public init(challengeId: String, options: JSONValue, expiresAt: Int64) {
        self.challengeId = challengeId
        self.options = options
        self.expiresAt = expiresAt
    }

    public init(from decoder: any Decoder) throws {
        let envelope = try PasskeyOptionsEnvelope(from: decoder)
        self.init(challengeId: envelope.challengeId, options: envelope.options, expiresAt: envelope.expiresAt)
    }

    /// `rp.id`: the relying party the platform creates the passkey for.
    public var relyingPartyId: String? { options[webAuthn: "rp", "id"]?.stringValue }
    /// `rp.name`.
    public var relyingPartyName: String? { options[webAuthn: "rp", "name"]?.stringValue }
    /// `challenge`, base64url.
    public var challenge: String? { options[webAuthn: "challenge"]?.stringValue }
    public var challengeBytes: Data? { challenge.flatMap(Base64URL.decode) }
    /// `user.id`, base64url: the UTF-8 bytes of the user's UUID string (36 bytes).
    public var userId: String? { options[webAuthn: "user", "id"]?.stringValue }
    public var userIdBytes: Data? { userId.flatMap(Base64URL.decode) }
    /// `user.name`: the email address (or phone).
    public var userName: String? { options[webAuthn: "user", "name"]?.stringValue }
    /// `user.displayName`.
    public var userDisplayName: String? { options[webAuthn: "user", "displayName"]?.stringValue }

    /// `pubKeyCredParams`, in the server's order of preference.
    public var pubKeyCredParams: [PublicKeyCredentialParameters] {
        options[webAuthn: "pubKeyCredParams"]?.webAuthnArray?.compactMap { item in
            guard let alg = item[webAuthn: "alg"]?.webAuthnInteger else { return nil }
            return PublicKeyCredentialParameters(type: item[webAuthn: "type"]?.stringValue ?? "public-key", alg: alg)
        } ?? []
    }

    /// `excludeCredentials[].id` (base64url): the passkeys the account already has.
    public var excludeCredentials: [String] {
        options[webAuthn: "excludeCredentials"]?.webAuthnArray?.compactMap { $0[webAuthn: "id"]?.stringValue } ?? []
    }

    /// `excludeCredentials` as raw credential ids.
    public var excludeCredentialIDs: [Data] { excludeCredentials.compactMap(Base64URL.decode) }
}

/// One `pubKeyCredParams` entry: a COSE algorithm the server accepts (-7 ES256, -257 RS256, -8 EdDSA, …).
public struct PublicKeyCredentialParameters: Sendable, Equatable {
    public let type: String
    public let alg: Int
}

/// `POST /passkeys/authentication/options`'s answer (§2.3): the same envelope around
/// `PublicKeyCredentialRequestOptionsJSON` (no `allowCredentials`: discoverable passkeys only).
public struct PasskeyAuthenticationOptions: Decodable, Sendable, Equatable {
    public let challengeId: String
    public let options: JSONValue
    public let expiresAt: Int64

    public init(challengeId: String, options: JSONValue, expiresAt: Int64) {
        self.challengeId = challengeId
        self.options = options
        self.expiresAt = expiresAt
    }

    public init(from decoder: any Decoder) throws {
        let envelope = try PasskeyOptionsEnvelope(from: decoder)
        self.init(challengeId: envelope.challengeId, options: envelope.options, expiresAt: envelope.expiresAt)
    }

    /// `rpId`: the relying party whose passkeys may answer.
    public var relyingPartyId: String? { options[webAuthn: "rpId"]?.stringValue }
    public var challenge: String? { options[webAuthn: "challenge"]?.stringValue }
    public var challengeBytes: Data? { challenge.flatMap(Base64URL.decode) }
    /// `userVerification`: `preferred` from Gatehouse and GoTrue.
    public var userVerification: String? { options[webAuthn: "userVerification"]?.stringValue }
    /// `timeout` in milliseconds.
    public var timeout: Int? { options[webAuthn: "timeout"]?.webAuthnInteger }
}

/// The envelope both options answers share: `challenge_id`, the WebAuthn options, and
/// `expires_at` in Unix seconds (a JSON number, whole or not).
private struct PasskeyOptionsEnvelope: Decodable {
    let challengeId: String
    let options: JSONValue
    let expiresAt: Int64

    enum CodingKeys: String, CodingKey {
        case options
        case challengeId = "challenge_id"
        case expiresAt = "expires_at"
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        challengeId = try container.decode(String.self, forKey: .challengeId)
        options = try container.decode(JSONValue.self, forKey: .options)
        if let whole = try? container.decode(Int64.self, forKey: .expiresAt) {
            expiresAt = whole
        } else {
            expiresAt = Int64(try container.decode(Double.self, forKey: .expiresAt))
        }
    }
}

extension JSONValue {
    /// The value at `keys` through nested objects, nil when any step is missing.
    subscript(webAuthn keys: String...) -> JSONValue? {
        var current: JSONValue? = self
        for key in keys { current = current?.objectValue?[key] }
        return current
    }

    var webAuthnArray: [JSONValue]? {
        if case .array(let items) = self { return items }
        return nil
    }

    var webAuthnInteger: Int? {
        if case .number(let value) = self, value.rounded() == value, abs(value) < 9_007_199_254_740_992 { return Int(value) }
        return nil
    }
}
