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

extension AccountService {
    /// `PUT /user`: metadata and password changes by the signed-in user.
    ///
    /// A new password must meet the policy and differ from the old one, and the caller must prove
    /// more than holding an access token (`requirePasswordChangeProof`); setting it ends every
    /// other session of the user (the caller's own stays), as GoTrue does.
    func updateUser(
        _ caller: Authenticated, with request: UserUpdateRequest, redirectTo: String? = nil, pkce: PKCEChallenge? = nil
    ) async throws(AuthError) -> UserRecord {
        if request.appMetadata != nil {
            throw AuthError(.notAdmin, kind: .forbidden, "Updating app_metadata requires admin privileges")
        }
        let current = caller.user
        try caller.requireSecondFactor(changingPassword: request.password != nil, email: request.email)
        // A new address is confirmed before it replaces the old one (`EmailChange.swift`).
        let newEmail = try emailChangeTarget(request.email, of: current, password: request.password)
        if let data = request.data { try checkMetadataSize(current.userMetadata.merging(patch: data), field: "data") }
        let now = clock.now()
        var newPasswordHash: String?
        if let password = request.password {
            let checked = try await passwordScreen.check(password)
            try await requirePasswordChangeProof(caller, currentPassword: request.currentPassword, nonce: request.nonce)
            try await hasher.refuseCurrentPassword(checked, of: current)
            newPasswordHash = try await hashing { try await hasher.hash(checked) }
        }
        guard newPasswordHash != nil || request.data != nil else {
            return try await changingEmail(caller, to: newEmail, redirectTo: redirectTo, pkce: pkce, otherwise: current)
        }
        let keptSession = caller.session.id
        let newHash = newPasswordHash
        // Re-read under lock inside the transaction: concurrent metadata merges all land.
        let updated = try await store.run(.transaction) { database -> UserRecord in
            guard var user = try await database.users.find(id: current.id, lockedForUpdate: true) else {
                throw AuthError(.userNotFound, kind: .forbidden, "User from sub claim in JWT does not exist")
            }
            if let newHash { user.passwordHash = newHash }
            if let data = request.data {
                user.userMetadata = user.userMetadata.merging(patch: data)
                // Again on the locked row: concurrent merges must not grow it past the cap together.
                try checkMetadataSize(user.userMetadata, field: "data")
            }
            user.updatedAt = now
            try await database.users.update(user)
            if newHash != nil {
                try await database.sessions.deleteAll(userId: user.id, except: keptSession)
                // Tokens issued before now are void (Firebase's validSince, read by check_revoked).
                try await database.tokenValidity.move(userId: user.id, to: now)
                try await database.oneTimeTokens.deletePending(userId: user.id, purpose: nil)
                try await mailQueue.enqueue(.passwordChanged(userId: user.id), now: now, in: database)
                try await database.audit(AuditEvent(.passwordChanged, user, traits: ["via": "user"]), at: now)
            }
            if request.data != nil {
                try await database.audit(AuditEvent(.userModified, user, traits: ["fields": "user_metadata"]), at: now)
            }
            return user
        }
        if newHash != nil { mailQueue.nudge() }
        return try await changingEmail(caller, to: newEmail, redirectTo: redirectTo, pkce: pkce, otherwise: updated)
    }
}

extension Dictionary where Key == String, Value == JSONValue {
    /// GoTrue's metadata update: keys in `patch` replace existing ones, `null` removes a key.
    func merging(patch: [String: JSONValue]) -> [String: JSONValue] {
        var result = self
        for (key, value) in patch {
            if value == .null { result.removeValue(forKey: key) } else { result[key] = value }
        }
        return result
    }
}
