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

/// A stored passkey (`webauthn_credentials`): what the verifiers need (credential id, COSE key,
/// counter, backup eligibility) and what the user sees (name, dates).
struct PasskeyRecord: Sendable, Equatable {
    var id: UUID
    var userId: UUID
    var credentialID: [UInt8]
    /// The COSE_Key bytes as the authenticator sent them.
    var publicKey: [UInt8]
    var attestationType: String
    var aaguid: UUID
    var signCount: UInt32
    var transports: [String]
    var backupEligible: Bool
    var backedUp: Bool
    var friendlyName: String
    var createdAt: Timestamp
    var updatedAt: Timestamp
    var lastUsedAt: Timestamp?

    /// What the services hand out: the user-facing facts, no key material.
    var summary: PasskeySummary {
        PasskeySummary(
            id: id, userId: userId, friendlyName: friendlyName, createdAt: createdAt, lastUsedAt: lastUsedAt, aaguid: aaguid,
            backupEligible: backupEligible, backedUp: backedUp)
    }

    /// The AAGUID of authenticators that do not say what they are (and of `none` attestation).
    static let zeroAAGUID = UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0))

    /// The storage form of binary values: base64url without padding.
    static func encode(_ bytes: [UInt8]) -> String { GatehouseWebAuthn.Base64URL.encode(bytes) }
    static func decode(_ text: String) -> [UInt8] { GatehouseWebAuthn.Base64URL.decode(text) ?? [] }
}

/// A passkey as the API and pages show it (GoTrue's list item: `id`, `friendly_name`,
/// `created_at`, `last_used_at`), plus what an audit line or the account page may want.
struct PasskeySummary: Sendable, Equatable {
    var id: UUID
    var userId: UUID
    var friendlyName: String
    var createdAt: Timestamp
    var lastUsedAt: Timestamp?
    var aaguid: UUID
    /// A synced (multi-device) passkey: BE at registration; BS as last stored.
    var backupEligible: Bool
    var backedUp: Bool
}
