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

extension SessionService {
    /// `POST /token?grant_type=pkce {auth_code, code_verifier}`.
    func exchangeCode(authCode: String?, verifier: String?, client: ClientInfo) async throws(AuthError) -> IssuedSession {
        guard let authCode, !authCode.isEmpty, let verifier, !verifier.isEmpty else {
            throw .validation("invalid request: both auth code and code verifier should be non-empty")
        }
        let codeHash = tokenHasher.authCodeHash(authCode)
        let now = clock.now()
        let flow = try await store.run(.transaction) { try await $0.flowStates.take(authCodeHash: codeHash) }
        guard let flow else { throw AuthError(.flowStateNotFound, kind: .notFound) }
        if now.microsecondsSinceEpoch - flow.createdAt.microsecondsSinceEpoch > Int64(Self.flowStateLifetime * 1_000_000) {
            throw AuthError(.flowStateExpired, kind: .refused)
        }
        guard PKCEChallenge(challenge: flow.codeChallenge, method: flow.codeChallengeMethod).isAnswered(by: verifier) else {
            throw AuthError(.badCodeVerifier, kind: .invalidRequest)
        }
        let started = try await store.run(.transaction) { database -> (UserRecord, SessionRecord)? in
            guard let user = try await database.users.find(id: flow.userId), !user.isBanned(at: now) else { return nil }
            if flow.authenticationMethod == "recovery" {
                try await database.oneTimeTokens.deletePending(userId: user.id, purpose: nil)
            }
            let session = try await issuer.start(
                for: user, methods: [AuthenticationMethod(method: flow.authenticationMethod, timestamp: now.secondsSinceEpoch)],
                client: client, now: now, in: database
            )
            return (user, session)
        }
        guard let (user, session) = started else { throw AuthError(.userNotFound, kind: .notFound) }
        return try await issuer.issue(user: user, session: session, now: now)
    }

    /// Five minutes from the code's issue (GoTrue counts from the /recover call, which makes a
    /// recovery link opened after five minutes fail; counting from the click does not).
    static let flowStateLifetime: Double = 300
}
