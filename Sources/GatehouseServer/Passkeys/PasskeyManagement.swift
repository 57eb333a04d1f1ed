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

extension PasskeyService {
    /// `GET /passkeys`: the caller's passkeys, oldest first (anonymous callers too: `[]`).
    func list(_ caller: Authenticated) async throws(AuthError) -> [PasskeySummary] {
        try requireEnabled()
        let userId = caller.user.id
        return try await store.run(.read) { try await $0.passkeys.list(userId: userId) }.map(\.summary)
    }

    /// `PATCH /passkeys/{id}` `{friendly_name}`: no AAL gate (a name opens nothing). The name,
    /// trimmed, must be 1 to 120 **bytes** (400 `validation_failed`); an id that is not one of
    /// the caller's passkeys is 404 `validation_failed`.
    func rename(_ caller: Authenticated, passkeyId: String, friendlyName: String?) async throws(AuthError) -> PasskeySummary {
        try requireEnabled()
        let name = try Self.checkName(friendlyName)
        let id = try Self.passkeyUUID(passkeyId)
        let userId = caller.user.id
        let now = clock.now()
        let renamed = try await store.run(.transaction) { work -> PasskeyRecord? in
            guard try await work.passkeys.rename(id: id, userId: userId, to: name, at: now) else { return nil }
            try await work.audit(AuditEvent(.passkeyUpdated, user: userId, traits: ["passkey_id": id.lowercasedString]), at: now)
            return try await work.passkeys.find(id: id, userId: userId)
        }
        guard let renamed else { throw .passkeyNotFound }
        return renamed.summary
    }

    /// `DELETE /passkeys/{id}`: the gates of registration (not anonymous, aal2 with MFA), then
    /// 404 for an id that is not the caller's. Returns the passkey removed.
    func delete(_ caller: Authenticated, passkeyId: String) async throws(AuthError) -> PasskeySummary {
        try requireEnabled()
        try caller.requirePasskeyChanges()
        return try await remove(passkeyId, of: caller.user.id)
    }

    /// `GET /admin/users/{id}/passkeys` (not gated by the feature switch, as GoTrue).
    func adminList(userId: String) async throws(AuthError) -> [PasskeySummary] {
        let uuid = try Self.userUUID(userId)
        return try await store.run(.read) { work in
            guard try await work.users.find(id: uuid) != nil else { throw AuthError(.userNotFound, kind: .notFound) }
            return try await work.passkeys.list(userId: uuid)
        }.map(\.summary)
    }

    /// `DELETE /admin/users/{id}/passkeys/{passkey_id}`: the passkey removed, or 404.
    func adminDelete(userId: String, passkeyId: String) async throws(AuthError) -> PasskeySummary {
        try await remove(passkeyId, of: try Self.userUUID(userId))
    }

    private func remove(_ passkeyId: String, of userId: UUID) async throws(AuthError) -> PasskeySummary {
        let id = try Self.passkeyUUID(passkeyId)
        let now = clock.now()
        let removed = try await store.run(.transaction) { work -> PasskeyRecord? in
            guard let passkey = try await work.passkeys.find(id: id, userId: userId),
                try await work.passkeys.delete(id: id, userId: userId)
            else { return nil }
            try await work.audit(AuditEvent(.passkeyDeleted, user: userId, traits: ["passkey_id": id.lowercasedString]), at: now)
            return passkey
        }
        guard let removed else { throw .passkeyNotFound }
        return removed.summary
    }

    /// GoTrue caps names at 120 bytes (a multi-byte name reaches it sooner than 120 characters).
    static let maximumNameBytes = 120

    static func checkName(_ raw: String?) throws(AuthError) -> String {
        let name = (raw ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        guard !name.isEmpty else { throw .validation("friendly_name is required") }
        guard name.utf8.count <= maximumNameBytes else {
            throw .validation("friendly_name cannot be longer than \(maximumNameBytes) bytes")
        }
        return name
    }

    /// A path id: case-insensitive (supabase-swift writes UUIDs upper-case); not a UUID is 404.
    static func passkeyUUID(_ id: String) throws(AuthError) -> UUID {
        guard let uuid = UUID(parsing: id) else { throw .passkeyNotFound }
        return uuid
    }

    private static func userUUID(_ id: String) throws(AuthError) -> UUID {
        guard let uuid = UUID(parsing: id) else { throw .validation("user_id must be an UUID") }
        return uuid
    }
}
