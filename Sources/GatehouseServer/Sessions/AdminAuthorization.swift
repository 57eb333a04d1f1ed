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
import JWTKit

/// The claims the admin check reads: the role, and whatever names a user or a session.
struct AdminTokenClaims: JWTPayload {
    var role: String?
    var sub: String?
    var sessionId: String?
    var exp: ExpirationClaim?

    enum CodingKeys: String, CodingKey {
        case role, sub, exp
        case sessionId = "session_id"
    }

    func verify(using algorithm: some JWTAlgorithm) async throws {
        try exp?.verifyNotExpired()
    }
}

extension SessionService {
    /// The roles the admin API accepts (GoTrue's `GOTRUE_JWT_ADMIN_ROLES` default).
    static let adminRoles: Set<String> = ["service_role", "supabase_admin"]

    /// Admin routes. A session-less API key (the service-role key, or a test
    /// key with a non-UUID `sub`) is trusted on its signed `role` alone. A token that names a
    /// session or a user (a UUID `sub`) is a user's token: it passes only while that session
    /// lives and the user exists, is not banned, and still holds an admin role in storage, so
    /// signing out, demotion, a ban or deletion take effect at once, not when the token expires.
    /// Returns who is acting, for the audit log: the admin user's id, or the key's role.
    @discardableResult
    func requireAdmin(bearer: String?) async throws(AuthError) -> String {
        guard let token = bearer else { throw .noAuthorization }
        guard let claims = try? await signer.keys.verify(token, as: AdminTokenClaims.self) else {
            throw AuthError(.badJWT, kind: .forbidden)
        }
        let notAdmin = AuthError(.notAdmin, kind: .forbidden)
        guard let role = claims.role, Self.adminRoles.contains(role) else { throw notAdmin }
        let sessionId = claims.sessionId.flatMap { $0.isEmpty ? nil : $0 }
        let userId = claims.sub.flatMap(UUID.init(parsing:))
        guard sessionId != nil || userId != nil else { return role }

        let user: UserRecord
        if let sessionId {
            guard let id = UUID(parsing: sessionId) else {
                throw AuthError(.sessionNotFound, kind: .forbidden)
            }
            let pair = try await store.run { try await $0.sessions.findWithUser(id: id) }
            guard let (_, owner) = pair, userId == nil || owner.id == userId else {
                throw AuthError(.sessionNotFound, kind: .forbidden)
            }
            user = owner
        } else if let userId {
            let found = try await store.run { try await $0.users.find(id: userId) }
            guard let found else {
                throw AuthError(.userNotFound, kind: .forbidden, "User from sub claim in JWT does not exist")
            }
            user = found
        } else {
            return role
        }
        if user.isBanned(at: clock.now()) { throw AuthError(.userBanned, kind: .forbidden) }
        guard Self.adminRoles.contains(user.role) else { throw notAdmin }
        return user.id.lowercasedString
    }

    /// The former name of `requireAdmin`, kept for callers written against it.
    func requireServiceRole(bearer: String?) async throws(AuthError) {
        try await requireAdmin(bearer: bearer)
    }
}
