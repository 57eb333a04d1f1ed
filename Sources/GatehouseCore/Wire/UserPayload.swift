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

/// The user object of the GoTrue API, field for field as the official clients decode it
/// (supabase-swift needs `id` as a UUID, `aud`, `created_at` and `updated_at`; supabase-py needs
/// `app_metadata` and `user_metadata` as objects). Nil fields are omitted, as GoTrue does.
public struct UserPayload: Codable, Sendable, Equatable {
    public var id: String
    public var aud: String
    public var role: String
    public var email: String
    public var emailConfirmedAt: Timestamp?
    public var phone: String
    public var confirmationSentAt: Timestamp?
    public var confirmedAt: Timestamp?
    public var recoverySentAt: Timestamp?
    public var lastSignInAt: Timestamp?
    public var appMetadata: [String: JSONValue]
    public var userMetadata: [String: JSONValue]
    public var identities: [IdentityPayload]
    public var createdAt: Timestamp
    public var updatedAt: Timestamp
    public var bannedUntil: Timestamp?
    public var isAnonymous: Bool
    /// When an admin soft-deleted the user; absent otherwise.
    public var deletedAt: Timestamp?
    /// The address an email change waits to confirm (GoTrue omits it when there is none).
    public var newEmail: String?
    public var emailChangeSentAt: Timestamp?
    public var invitedAt: Timestamp?
    /// The user's MFA factors, verified and not (GoTrue omits the key when there are none).
    public var factors: [FactorPayload]?

    public init(
        id: String, aud: String, role: String, email: String, emailConfirmedAt: Timestamp?, phone: String = "",
        confirmationSentAt: Timestamp?, confirmedAt: Timestamp?, recoverySentAt: Timestamp?, lastSignInAt: Timestamp?,
        appMetadata: [String: JSONValue], userMetadata: [String: JSONValue], identities: [IdentityPayload],
        createdAt: Timestamp, updatedAt: Timestamp, bannedUntil: Timestamp?, isAnonymous: Bool = false,
        deletedAt: Timestamp? = nil,
        newEmail: String? = nil, emailChangeSentAt: Timestamp? = nil, invitedAt: Timestamp? = nil, factors: [FactorPayload]? = nil
    ) {
        self.id = id
        self.aud = aud
        self.role = role
        self.email = email
        self.emailConfirmedAt = emailConfirmedAt
        self.phone = phone
        self.confirmationSentAt = confirmationSentAt
        self.confirmedAt = confirmedAt
        self.recoverySentAt = recoverySentAt
        self.lastSignInAt = lastSignInAt
        self.appMetadata = appMetadata
        self.userMetadata = userMetadata
        self.identities = identities
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.bannedUntil = bannedUntil
        self.isAnonymous = isAnonymous
        self.deletedAt = deletedAt
        self.newEmail = newEmail
        self.emailChangeSentAt = emailChangeSentAt
        self.invitedAt = invitedAt
        self.factors = factors
    }

    /// The wire names, which the server's writer uses too.
    public enum CodingKeys: String, CodingKey {
        case id, aud, role, email, phone, identities
        case emailConfirmedAt = "email_confirmed_at"
        case confirmationSentAt = "confirmation_sent_at"
        case confirmedAt = "confirmed_at"
        case recoverySentAt = "recovery_sent_at"
        case lastSignInAt = "last_sign_in_at"
        case appMetadata = "app_metadata"
        case userMetadata = "user_metadata"
        case createdAt = "created_at"
        case updatedAt = "updated_at"
        case bannedUntil = "banned_until"
        case isAnonymous = "is_anonymous"
        case deletedAt = "deleted_at"
        case newEmail = "new_email"
        case emailChangeSentAt = "email_change_sent_at"
        case invitedAt = "invited_at"
        case factors
    }

    public init(from decoder: any Decoder) throws {
        // Lenient where other servers (or older GoTrue) omit fields; strict where clients are.
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
        aud = try container.decode(String.self, forKey: .aud)
        role = try container.decodeIfPresent(String.self, forKey: .role) ?? ""
        email = try container.decodeIfPresent(String.self, forKey: .email) ?? ""
        emailConfirmedAt = try container.decodeIfPresent(Timestamp.self, forKey: .emailConfirmedAt)
        phone = try container.decodeIfPresent(String.self, forKey: .phone) ?? ""
        confirmationSentAt = try container.decodeIfPresent(Timestamp.self, forKey: .confirmationSentAt)
        confirmedAt = try container.decodeIfPresent(Timestamp.self, forKey: .confirmedAt)
        recoverySentAt = try container.decodeIfPresent(Timestamp.self, forKey: .recoverySentAt)
        lastSignInAt = try container.decodeIfPresent(Timestamp.self, forKey: .lastSignInAt)
        appMetadata = try container.decodeIfPresent([String: JSONValue].self, forKey: .appMetadata) ?? [:]
        userMetadata = try container.decodeIfPresent([String: JSONValue].self, forKey: .userMetadata) ?? [:]
        identities = try container.decodeIfPresent([IdentityPayload].self, forKey: .identities) ?? []
        createdAt = try container.decode(Timestamp.self, forKey: .createdAt)
        updatedAt = try container.decodeIfPresent(Timestamp.self, forKey: .updatedAt) ?? createdAt
        bannedUntil = try container.decodeIfPresent(Timestamp.self, forKey: .bannedUntil)
        isAnonymous = try container.decodeIfPresent(Bool.self, forKey: .isAnonymous) ?? false
        deletedAt = try container.decodeIfPresent(Timestamp.self, forKey: .deletedAt)
        newEmail = try container.decodeIfPresent(String.self, forKey: .newEmail).flatMap { $0.isEmpty ? nil : $0 }
        emailChangeSentAt = try container.decodeIfPresent(Timestamp.self, forKey: .emailChangeSentAt)
        invitedAt = try container.decodeIfPresent(Timestamp.self, forKey: .invitedAt)
        factors = try container.decodeIfPresent([FactorPayload].self, forKey: .factors)
    }
}

/// One entry of `user.identities`. Note GoTrue's naming: `id` is the provider's subject (the
/// user id for the email provider) and `identity_id` is the row's own id.
public struct IdentityPayload: Codable, Sendable, Equatable {
    public var identityId: String
    public var id: String
    public var userId: String
    public var identityData: [String: JSONValue]
    public var provider: String
    public var lastSignInAt: Timestamp?
    public var createdAt: Timestamp
    public var updatedAt: Timestamp
    public var email: String?

    public init(
        identityId: String, id: String, userId: String, identityData: [String: JSONValue], provider: String,
        lastSignInAt: Timestamp?, createdAt: Timestamp, updatedAt: Timestamp, email: String?
    ) {
        self.identityId = identityId
        self.id = id
        self.userId = userId
        self.identityData = identityData
        self.provider = provider
        self.lastSignInAt = lastSignInAt
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.email = email
    }

    /// The wire names, which the server's writer uses too.
    public enum CodingKeys: String, CodingKey {
        case id, provider, email
        case identityId = "identity_id"
        case userId = "user_id"
        case identityData = "identity_data"
        case lastSignInAt = "last_sign_in_at"
        case createdAt = "created_at"
        case updatedAt = "updated_at"
    }
}
