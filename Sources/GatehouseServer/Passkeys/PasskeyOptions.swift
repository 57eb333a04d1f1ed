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
import GatehouseWebAuthn

/// The options a browser or AuthenticationServices needs to run a ceremony, as GoTrue sends
/// them (passkeys.md §2.1, §2.3): every binary value base64url without padding.
enum PasskeyOptions {
    /// `PublicKeyCredentialCreationOptionsJSON`. Only the algorithms the verifier checks are
    /// advertised: one it cannot verify would turn a working authenticator into a failed
    /// registration (GoTrue advertises ten).
    static func creation(
        relyingParty: RelyingParty, displayName: String, user: UserRecord, challenge: String, existing: [PasskeyRecord]
    ) -> JSONValue {
        let name = user.email
        let displayed: String =
            if case .string(let given)? = user.userMetadata["name"], !given.isEmpty { given } else { name }
        var options: [String: JSONValue] = [
            "rp": .object(["name": .string(displayName), "id": .string(relyingParty.id)]),
            "user": .object([
                "name": .string(name), "displayName": .string(displayed), "id": .string(userHandle(of: user.id)),
            ]),
            "challenge": .string(challenge),
            "pubKeyCredParams": .array(
                relyingParty.algorithms.map { .object(["type": .string("public-key"), "alg": .number(Double($0.rawValue))]) }),
            "timeout": .number(Double(PasskeyService.ceremonyTimeoutMilliseconds)),
            "attestation": .string("none"),
            "authenticatorSelection": .object(["residentKey": .string("required"), "userVerification": .string("preferred")]),
        ]
        if !existing.isEmpty {
            options["excludeCredentials"] = .array(
                existing.map {
                    .object(["type": .string("public-key"), "id": .string(GatehouseWebAuthn.Base64URL.encode($0.credentialID))])
                })
        }
        return .object(options)
    }

    /// `PublicKeyCredentialRequestOptionsJSON`: no `allowCredentials` (discoverable passkeys
    /// only); `rpId` always (supabase-swift requires it).
    static func request(relyingParty: RelyingParty, challenge: String) -> JSONValue {
        .object([
            "challenge": .string(challenge),
            "timeout": .number(Double(PasskeyService.ceremonyTimeoutMilliseconds)),
            "rpId": .string(relyingParty.id),
            "userVerification": .string("preferred"),
        ])
    }

    /// The WebAuthn user handle: the UTF-8 bytes of the lowercase UUID string (36 bytes), as
    /// GoTrue; `AssertionVerifier.userID(of:)` reads it back.
    static func userHandle(of id: UUID) -> String {
        GatehouseWebAuthn.Base64URL.encode(Array(id.lowercasedString.utf8))
    }
}
