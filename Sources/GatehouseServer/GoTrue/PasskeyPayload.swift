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

/// GoTrue's passkey list item: `{"id","friendly_name"?,"created_at","last_used_at"?}`
/// (name and last use omitted when empty).
struct PasskeyPayload: Encodable {
    var id: String
    var friendlyName: String?
    var createdAt: Timestamp
    var lastUsedAt: Timestamp?

    init(_ passkey: PasskeySummary) {
        id = passkey.id.lowercasedString
        friendlyName = passkey.friendlyName.isEmpty ? nil : passkey.friendlyName
        createdAt = passkey.createdAt
        lastUsedAt = passkey.lastUsedAt
    }

    enum CodingKeys: String, CodingKey {
        case id
        case friendlyName = "friendly_name"
        case createdAt = "created_at"
        case lastUsedAt = "last_used_at"
    }
}

/// A started ceremony: `{"challenge_id","options","expires_at"}` (`expires_at` in Unix seconds;
/// supabase-swift decodes a number).
struct PasskeyChallengePayload: Encodable {
    var challengeId: String
    var options: JSONValue
    var expiresAt: Int64

    init(_ challenge: PasskeyChallenge) {
        challengeId = challenge.id.lowercasedString
        options = challenge.options
        expiresAt = challenge.expiresAt.secondsSinceEpoch
    }

    enum CodingKeys: String, CodingKey {
        case options
        case challengeId = "challenge_id"
        case expiresAt = "expires_at"
    }
}
