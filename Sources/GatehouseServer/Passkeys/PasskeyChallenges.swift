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

extension PasskeyService {
    /// A fresh challenge row: 32 random bytes, expiring after the configured lifetime.
    func newChallenge(_ type: WebAuthnChallengeRecord.CeremonyType, userId: UUID?, now: Timestamp) -> WebAuthnChallengeRecord {
        WebAuthnChallengeRecord(
            id: random.uuid(), userId: userId, type: type, challenge: GatehouseWebAuthn.Base64URL.encode(random.bytes(32)), createdAt: now,
            expiresAt: now.adding(seconds: Double(settings.challengeExpiry)))
    }

    /// The `challenge_id` of a verify: missing or not a UUID is `400 validation_failed`.
    static func challengeUUID(_ id: String?) throws(AuthError) -> UUID {
        guard let id, !id.isEmpty else { throw .validation("challenge_id is required") }
        guard let uuid = UUID(parsing: id) else { throw .validation("challenge_id must be a UUID") }
        return uuid
    }

    /// Takes the challenge out for good (single use, whatever follows), then tells "expired"
    /// from "not found": unknown, used, another user's or another ceremony's is not found.
    func consumeChallenge(
        _ id: UUID, type: WebAuthnChallengeRecord.CeremonyType, userId: UUID?, now: Timestamp
    ) async throws(AuthError) -> [UInt8] {
        let row = try await store.run(.statement) { try await $0.webAuthnChallenges.consume(id: id, type: type, userId: userId) }
        guard let row else { throw .webAuthnChallengeNotFound }
        guard now < row.expiresAt else { throw .webAuthnChallengeExpired }
        guard let bytes = GatehouseWebAuthn.Base64URL.decode(row.challenge) else { throw .webAuthnChallengeNotFound }
        return bytes
    }

    /// Every verifier failure is the same 400 (GoTrue never says which check failed); the case
    /// is logged for the operator.
    func verificationFailed(_ error: WebAuthnError, ceremony: String) -> AuthError {
        logger.info("Passkey \(ceremony) refused", metadata: ["reason": "\(error)"])
        return .webAuthnVerificationFailed
    }
}
