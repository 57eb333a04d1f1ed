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

import GatehouseCore

/// A passkey of the account (passkeys reference §2.5): the list's items, the registration's and
/// the rename's answer. No key material: that stays on the server and the device.
public struct Passkey: Decodable, Sendable, Equatable, Identifiable {
    public let id: String
    /// The authenticator's name (from its AAGUID) or "Passkey", or what the person renamed it to;
    /// nil when the server sends none.
    public let friendlyName: String?
    public let createdAt: Timestamp
    /// When it last signed someone in.
    public let lastUsedAt: Timestamp?

    public init(id: String, friendlyName: String?, createdAt: Timestamp, lastUsedAt: Timestamp? = nil) {
        self.id = id
        self.friendlyName = friendlyName
        self.createdAt = createdAt
        self.lastUsedAt = lastUsedAt
    }

    enum CodingKeys: String, CodingKey {
        case id
        case friendlyName = "friendly_name"
        case createdAt = "created_at"
        case lastUsedAt = "last_used_at"
    }
}
