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

import Crypto
import Foundation
import GatehouseCore

extension AccountService {
    /// `DELETE /admin/users/{id} {"should_soft_delete": true}`, as GoTrue does it: the row is
    /// kept with `deleted_at` (admin reads and the listing still show it), its address and
    /// identity are obfuscated so the address is free for a new sign-up and nothing signs in
    /// as it again, password and metadata are cleared, and its sessions and pending links end.
    /// A second soft delete changes nothing.
    func adminSoftDeleteUser(id: String) async throws(AuthError) {
        let userId = try await adminUser(id: id).id
        let now = clock.now()
        try await store.run(.transaction) { database in
            guard let user = try await database.users.find(id: userId, lockedForUpdate: true) else {
                throw AuthError(.userNotFound, kind: .notFound)
            }
            guard user.deletedAt == nil else { return }
            let email = Self.obfuscated(user.id, user.email)
            let providerId = user.identity.map { Self.obfuscated(user.id, $0.provider + ":" + $0.providerId) }
            try await database.users.softDelete(user, obfuscatedEmail: email, obfuscatedProviderId: providerId, at: now)
            try await database.oneTimeTokens.deletePending(userId: user.id, purpose: nil)
            try await database.audit(AuditEvent(.userDeleted, user, traits: ["soft": "true"]), at: now)
        }
    }

    /// GoTrue's `obfuscateValue`: base64url (unpadded) SHA-256 of the user id and the value.
    static func obfuscated(_ id: UUID, _ value: String) -> String {
        Base64URL.encode(Data(SHA256.hash(data: Data((id.lowercasedString + value).utf8))))
    }
}
