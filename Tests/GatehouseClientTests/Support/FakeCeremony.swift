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
import GatehouseClient
import Synchronization

/// A passkey ceremony played by the test: records the options it was given and answers fixed
/// credentials, or fails as told.
final class FakeCeremony: PasskeyCeremony {
    private let failure: PasskeyCeremonyError?
    private let seen = Mutex<(registration: [PasskeyRegistrationOptions], authentication: [PasskeyAuthenticationOptions])>(([], []))

    init(failing failure: PasskeyCeremonyError? = nil) {
        self.failure = failure
    }

    var registrationOptions: [PasskeyRegistrationOptions] { seen.withLock { $0.registration } }
    var authenticationOptions: [PasskeyAuthenticationOptions] { seen.withLock { $0.authentication } }

    static let credentialID = Data([0xC0, 0xFF, 0xEE, 0x01, 0xFB, 0xFF])

    func register(_ options: PasskeyRegistrationOptions) async throws -> RegistrationCredential {
        seen.withLock { $0.registration.append(options) }
        if let failure { throw failure }
        return RegistrationCredential(
            credentialID: Self.credentialID, clientDataJSON: Data(#"{"type":"webauthn.create"}"#.utf8),
            attestationObject: Data([0xA3, 0x63, 0x66, 0x6D, 0x74]), transports: ["internal"], authenticatorAttachment: "platform")
    }

    func assert(_ options: PasskeyAuthenticationOptions) async throws -> AssertionCredential {
        seen.withLock { $0.authentication.append(options) }
        if let failure { throw failure }
        return AssertionCredential(
            credentialID: Self.credentialID, clientDataJSON: Data(#"{"type":"webauthn.get"}"#.utf8),
            authenticatorData: Data(repeating: 0x49, count: 37), signature: Data([0x30, 0x45, 0x02]),
            userHandle: Data(Scripted.alice.utf8), authenticatorAttachment: "platform")
    }
}

/// The passkey endpoints' answers as the reference shapes them (§2).
enum ScriptedPasskeys {
    static let challengeID = "c1a11e00-0000-4000-8000-000000000001"
    static let passkeyID = "9a55c0de-0000-4000-8000-000000000001"
    /// base64url of the 36 bytes of alice's UUID string.
    static let aliceHandle = Base64URL.encode(Data(Scripted.alice.utf8))

    static let registrationOptions =
        #"{"challenge_id":"\#(challengeID)","options":{"rp":{"name":"Gatehouse","id":"example.com"},"user":{"name":"alice@example.com","displayName":"Alice","id":"\#(aliceHandle)"},"challenge":"AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8","pubKeyCredParams":[{"type":"public-key","alg":-7},{"type":"public-key","alg":-257},{"type":"public-key","alg":-8}],"timeout":300000,"attestation":"none","authenticatorSelection":{"residentKey":"required","userVerification":"preferred"},"excludeCredentials":[{"type":"public-key","id":"wP_uAfv_"}]},"expires_at":1767000300}"#

    static let authenticationOptions =
        #"{"challenge_id":"\#(challengeID)","options":{"challenge":"AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8","timeout":300000,"rpId":"example.com","userVerification":"preferred"},"expires_at":1767000300}"#

    static let passkey = #"{"id":"\#(passkeyID)","friendly_name":"iCloud Keychain","created_at":"2026-01-02T03:04:05Z"}"#
}
