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

extension AuthError {
    static let anonymousSignInsDisabled = AuthError(
        AuthErrorCode.anonymousProviderDisabled, kind: .refused
    )
}

extension AccountService {
    /// `POST /signup` with neither email nor phone (GoTrue's `signInAnonymously`): a new
    /// anonymous account and its session, the `amr` method `anonymous`, `is_anonymous: true` in
    /// the token. Checks in GoTrue's order: the setting, the per-client hourly budget, sign-ups
    /// allowed. The budget is counted in the database (`attempt_budgets`), so every instance of
    /// the server shares it and it survives a restart.
    func signUpAnonymously(data: [String: JSONValue], client: ClientInfo) async throws(AuthError) -> IssuedSession {
        guard configuration.anonymousUsersEnabled else { throw .anonymousSignInsDisabled }
        let now = clock.now()
        let perHour = configuration.anonymousSignInsPerHour
        if perHour > 0 {
            let key = tokenHasher.budgetKey("anonymous", client.address)
            let allowed = try await store.run(.statement) { database in
                try await database.attemptBudgets.claim(key: key, limit: perHour, window: 3600, now: now)
            }
            guard allowed else { throw AuthError(.overRequestRateLimit, kind: .rateLimited) }
        }
        if configuration.signupDisabled {
            throw AuthError(.signupDisabled, kind: .refused)
        }
        try checkMetadataSize(data, field: "data")
        let user = UserRecord.anonymous(userMetadata: data, now: now, random: random)
        let session = try await store.run(.transaction) { database -> SessionRecord in
            guard try await database.users.insert(user) else {
                throw AuthError(.unexpectedFailure, kind: .internalFailure, "Database error creating anonymous user")
            }
            try await database.audit(AuditEvent(.userSignedUp, user: user.id, traits: ["provider": "anonymous"]), at: now)
            let method = AuthenticationMethod(method: "anonymous", timestamp: now.secondsSinceEpoch)
            return try await issuer.start(for: user, methods: [method], client: client, now: now, in: database)
        }
        return try await issuer.issue(user: user, session: session, now: now)
    }
}
