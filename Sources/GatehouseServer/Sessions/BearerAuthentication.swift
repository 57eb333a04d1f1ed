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

/// A request's verified caller: the access token's claims, its session and its user.
struct Authenticated: Sendable {
    let claims: AccessTokenClaims
    let session: SessionRecord
    let user: UserRecord
}

extension SessionService {
    /// Resolves `Authorization: Bearer <access token>` the way GoTrue's authenticated routes do:
    /// a valid signature is not enough, the session must still exist (so sign-out and password
    /// changes take effect at once) and the account's state must allow a GoTrue session (not
    /// banned; not an unverified address signed in over Firebase).
    func authenticate(bearer: String?) async throws(AuthError) -> Authenticated {
        guard let token = bearer else { throw .noAuthorization }
        let claims = try await signer.verifyAccessToken(token, now: clock.now())
        guard let userId = UUID(parsing: claims.sub.value) else {
            throw AuthError(.badJWT, kind: .invalidRequest, "invalid claim: sub claim must be a UUID")
        }
        guard let sessionId = UUID(parsing: claims.sessionId) else {
            throw AuthError(.badJWT, kind: .forbidden, "invalid claim: missing session_id claim")
        }
        // One query on the common path; the user is looked up alone only to tell a deleted user
        // (user_not_found) from a signed-out session (session_not_found).
        let loaded = try await store.run { database -> (SessionRecord, UserRecord)? in
            if let pair = try await database.sessions.findWithUser(id: sessionId), pair.0.userId == userId {
                return pair
            }
            guard try await database.users.find(id: userId) != nil else {
                throw AuthError(.userNotFound, kind: .forbidden, "User from sub claim in JWT does not exist")
            }
            return nil
        }
        guard let (session, user) = loaded else {
            throw AuthError(.sessionNotFound, kind: .forbidden)
        }
        try AccountLifecycle.requireSession(of: user, over: .gotrue, at: clock.now(), kind: .forbidden)
        return Authenticated(claims: claims, session: session, user: user)
    }

}
