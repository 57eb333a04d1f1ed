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

// The wire payloads the server writes with `JSONWriter` (the SDK, which only reads them, decodes
// them with Foundation and does not carry the writer).

extension JSONValue: JSONWritable {
    public func write(to writer: inout JSONWriter) {
        switch self {
        case .null: writer.null()
        case .bool(let value): writer.boolean(value)
        case .number(let value):
            // As `encode(to:)`: whole numbers as integers.
            if value.rounded() == value, abs(value) < 9_007_199_254_740_992 {
                writer.integer(Int64(value))
            } else {
                writer.number(value)
            }
        case .string(let value): writer.string(value)
        case .array(let values): writer.array(values) { $1.write(to: &$0) }
        case .object(let members): members.write(to: &writer)
        }
    }
}

extension Dictionary: JSONWritable where Key == String, Value == JSONValue {
    public func write(to writer: inout JSONWriter) {
        writer.object { writer in
            for (key, value) in self { writer.field(key, value) }
        }
    }
}

extension FactorPayload: JSONWritable {
    public func write(to writer: inout JSONWriter) {
        writer.object { writer in
            writer.field(CodingKeys.id.stringValue, id)
            writer.field(CodingKeys.createdAt.stringValue, createdAt)
            writer.field(CodingKeys.updatedAt.stringValue, updatedAt)
            writer.field(CodingKeys.status.stringValue, status)
            writer.field(CodingKeys.friendlyName.stringValue, ifPresent: friendlyName)
            writer.field(CodingKeys.factorType.stringValue, factorType)
            writer.field(CodingKeys.phone.stringValue, phone)
            if let lastChallengedAt {
                writer.field(CodingKeys.lastChallengedAt.stringValue, lastChallengedAt)
            } else {
                writer.key(CodingKeys.lastChallengedAt.stringValue)
                writer.null()
            }
        }
    }
}

extension SessionPayload: JSONWritable {
    public func write(to writer: inout JSONWriter) {
        writer.object { writer in
            writer.field(CodingKeys.accessToken.stringValue, accessToken)
            writer.field(CodingKeys.tokenType.stringValue, tokenType)
            writer.field(CodingKeys.expiresIn.stringValue, expiresIn)
            writer.field(CodingKeys.expiresAt.stringValue, expiresAt)
            writer.field(CodingKeys.refreshToken.stringValue, refreshToken)
            writer.field(CodingKeys.user.stringValue, user)
            writer.field(CodingKeys.weakPassword.stringValue, ifPresent: weakPassword)
        }
    }
}

extension WeakPasswordPayload: JSONWritable {
    public func write(to writer: inout JSONWriter) {
        writer.object { writer in
            writer.field("message", ifPresent: message)
            writer.field("reasons", reasons)
        }
    }
}

extension UserPayload: JSONWritable {
    public func write(to writer: inout JSONWriter) {
        writer.object { writer in
            writer.field(CodingKeys.id.stringValue, id)
            writer.field(CodingKeys.aud.stringValue, aud)
            writer.field(CodingKeys.role.stringValue, role)
            writer.field(CodingKeys.email.stringValue, email)
            writer.field(CodingKeys.emailConfirmedAt.stringValue, ifPresent: emailConfirmedAt)
            writer.field(CodingKeys.phone.stringValue, phone)
            writer.field(CodingKeys.confirmationSentAt.stringValue, ifPresent: confirmationSentAt)
            writer.field(CodingKeys.confirmedAt.stringValue, ifPresent: confirmedAt)
            writer.field(CodingKeys.recoverySentAt.stringValue, ifPresent: recoverySentAt)
            if let newEmail, !newEmail.isEmpty { writer.field(CodingKeys.newEmail.stringValue, newEmail) }
            writer.field(CodingKeys.emailChangeSentAt.stringValue, ifPresent: emailChangeSentAt)
            writer.field(CodingKeys.lastSignInAt.stringValue, ifPresent: lastSignInAt)
            writer.field(CodingKeys.appMetadata.stringValue, appMetadata)
            writer.field(CodingKeys.userMetadata.stringValue, userMetadata)
            writer.field(CodingKeys.identities.stringValue, identities)
            writer.field(CodingKeys.createdAt.stringValue, createdAt)
            writer.field(CodingKeys.updatedAt.stringValue, updatedAt)
            writer.field(CodingKeys.bannedUntil.stringValue, ifPresent: bannedUntil)
            writer.field(CodingKeys.isAnonymous.stringValue, isAnonymous)
            writer.field(CodingKeys.deletedAt.stringValue, ifPresent: deletedAt)
            writer.field(CodingKeys.invitedAt.stringValue, ifPresent: invitedAt)
            if let factors, !factors.isEmpty { writer.field(CodingKeys.factors.stringValue, factors) }
        }
    }
}

extension IdentityPayload: JSONWritable {
    public func write(to writer: inout JSONWriter) {
        writer.object { writer in
            writer.field(CodingKeys.identityId.stringValue, identityId)
            writer.field(CodingKeys.id.stringValue, id)
            writer.field(CodingKeys.userId.stringValue, userId)
            writer.field(CodingKeys.identityData.stringValue, identityData)
            writer.field(CodingKeys.provider.stringValue, provider)
            writer.field(CodingKeys.lastSignInAt.stringValue, ifPresent: lastSignInAt)
            writer.field(CodingKeys.createdAt.stringValue, createdAt)
            writer.field(CodingKeys.updatedAt.stringValue, updatedAt)
            writer.field(CodingKeys.email.stringValue, ifPresent: email)
        }
    }
}

extension Timestamp: JSONWritable {
    public func write(to writer: inout JSONWriter) {
        writer.string(rfc3339)
    }
}
