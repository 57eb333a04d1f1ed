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

/// One MFA factor as GoTrue shows it: in `user.factors`, the admin factor list and the admin
/// delete answer. The secret is never part of it (it is shown once, at enrolment).
public struct FactorPayload: Codable, Sendable, Equatable {
    public var id: String
    /// Omitted when empty, as GoTrue does.
    public var friendlyName: String?
    public var factorType: String
    /// `unverified` or `verified`.
    public var status: String
    public var phone: String
    public var lastChallengedAt: Timestamp?
    public var createdAt: Timestamp
    public var updatedAt: Timestamp

    public init(
        id: String, friendlyName: String?, factorType: String, status: String, phone: String = "",
        lastChallengedAt: Timestamp? = nil, createdAt: Timestamp, updatedAt: Timestamp
    ) {
        self.id = id
        self.friendlyName = friendlyName
        self.factorType = factorType
        self.status = status
        self.phone = phone
        self.lastChallengedAt = lastChallengedAt
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }

    /// Lenient where GoTrue's versions differ: `phone` (absent for TOTP factors in older
    /// servers) and `friendly_name` may be missing.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
        friendlyName = try container.decodeIfPresent(String.self, forKey: .friendlyName)
        factorType = try container.decode(String.self, forKey: .factorType)
        status = try container.decode(String.self, forKey: .status)
        phone = try container.decodeIfPresent(String.self, forKey: .phone) ?? ""
        lastChallengedAt = try container.decodeIfPresent(Timestamp.self, forKey: .lastChallengedAt)
        createdAt = try container.decode(Timestamp.self, forKey: .createdAt)
        updatedAt = try container.decode(Timestamp.self, forKey: .updatedAt)
    }

    /// Whether the factor has been verified once (only verified factors raise the next level to aal2).
    public var isVerified: Bool { status == "verified" }

    /// The wire names, which the server's writer uses too.
    public enum CodingKeys: String, CodingKey {
        case id, status, phone
        case friendlyName = "friendly_name"
        case factorType = "factor_type"
        case lastChallengedAt = "last_challenged_at"
        case createdAt = "created_at"
        case updatedAt = "updated_at"
    }
}
