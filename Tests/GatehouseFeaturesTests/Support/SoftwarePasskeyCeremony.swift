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
import GatehouseTestSupport
import Synchronization

/// The device's side of a passkey played by a software authenticator (GatehouseTestSupport's
/// `SoftwarePasskey`: a P-256 key, a `none` attestation object, signed assertions), so a live
/// server verifies what it sends as it would a phone's. Reads the options as
/// `PlatformPasskeyCeremony` does (`rp.id`, `challenge`, `user.id`; `rpId` at sign-in) and
/// answers with the platform's credential shapes.
final class SoftwarePasskeyCeremony: PasskeyCeremony {
    let passkey: SoftwarePasskey
    private let counts = Mutex<(registrations: Int, assertions: Int)>((0, 0))

    init(_ passkey: SoftwarePasskey = SoftwarePasskey()) {
        self.passkey = passkey
    }

    var registrations: Int { counts.withLock { $0.registrations } }
    var assertions: Int { counts.withLock { $0.assertions } }

    func register(_ options: PasskeyRegistrationOptions) async throws -> RegistrationCredential {
        counts.withLock { $0.registrations += 1 }
        guard let rpId = options.relyingPartyId, let challenge = options.challengeBytes, let userID = options.userIdBytes else {
            throw PasskeyCeremonyError.failed("the registration options lack rp.id, challenge or user.id")
        }
        // ES256 (COSE -7) is the only key this authenticator makes.
        guard options.pubKeyCredParams.contains(where: { $0.alg == -7 }) else { throw PasskeyCeremonyError.notSupported }
        guard !options.excludeCredentialIDs.contains(passkey.credentialID) else {
            throw PasskeyCeremonyError.failed("this passkey is already registered")
        }
        let made = passkey.register(rpID: rpId, challenge: challenge, userHandle: userID)
        return RegistrationCredential(
            credentialID: made.credentialID, clientDataJSON: made.clientDataJSON, attestationObject: made.attestationObject,
            transports: ["internal", "hybrid"], authenticatorAttachment: "platform")
    }

    func assert(_ options: PasskeyAuthenticationOptions) async throws -> AssertionCredential {
        counts.withLock { $0.assertions += 1 }
        guard let rpId = options.relyingPartyId, let challenge = options.challengeBytes else {
            throw PasskeyCeremonyError.failed("the authentication options lack rpId or challenge")
        }
        guard passkey.registered.rpID == rpId else { throw PasskeyCeremonyError.noCredentials }
        let made = try passkey.assert(rpID: rpId, challenge: challenge)
        return AssertionCredential(
            credentialID: made.credentialID, clientDataJSON: made.clientDataJSON, authenticatorData: made.authenticatorData,
            signature: made.signature, userHandle: made.userHandle, authenticatorAttachment: "platform")
    }
}
