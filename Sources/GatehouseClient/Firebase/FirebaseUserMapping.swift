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

/// A Firebase user record as the SDK's `User`: `localId` is the id, `emailVerified` the
/// confirmation (dated at creation: Firebase does not say when), millisecond strings the dates.
enum FirebaseUserMapping {
    static func user(_ info: FirebaseUserInfo) -> User {
        let created = timestamp(info.createdAt) ?? Timestamp.now()
        let lastLogin = timestamp(info.lastLoginAt)
        let confirmed = info.emailVerified == true ? created : nil
        var metadata: [String: JSONValue] = [:]
        if let name = info.displayName, !name.isEmpty { metadata["display_name"] = .string(name) }
        return UserPayload(
            id: info.localId, aud: "authenticated", role: "authenticated", email: info.email ?? "", emailConfirmedAt: confirmed,
            confirmationSentAt: nil, confirmedAt: confirmed, recoverySentAt: nil, lastSignInAt: lastLogin,
            appMetadata: ["provider": .string("password")], userMetadata: metadata, identities: [], createdAt: created,
            updatedAt: lastLogin ?? created, bannedUntil: info.disabled == true ? Timestamp(Date.distantFuture) : nil)
    }

    /// `"1767000000000"` (milliseconds since 1970) as a timestamp.
    static func timestamp(_ milliseconds: String?) -> Timestamp? {
        guard let text = milliseconds, let value = Int64(text) else { return nil }
        return Timestamp(microsecondsSinceEpoch: value * 1000)
    }
}
