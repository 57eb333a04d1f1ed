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
import Logging

/// Who is asking: recorded on new sessions and used as the rate-limit key.
struct ClientInfo: Sendable {
    var address: String
    var userAgent: String?
}

/// A session just started or refreshed, with the tokens that carry it: what sign-in, sign-up,
/// refresh, verification and the PKCE exchange return. Adapters map it to their wire format
/// (GoTrue: `SessionPayload`); the web pages keep only the session's ids in their cookie.
struct IssuedSession: Sendable {
    var user: UserRecord
    var session: SessionRecord
    var accessToken: String
    /// Seconds since the epoch when `accessToken` expires.
    var expiresAt: Int64
    var expiresIn: Int
    var refreshToken: String
    /// Set when the password just used no longer meets the policy (GoTrue's `weak_password`).
    var weakPasswordReasons: [String]?
}

/// Starts sessions and issues their tokens; shared by the services that sign someone in.
struct SessionIssuer: Sendable {
    let signer: TokenSigner
    let refreshTokens: RefreshTokenCodec
    let random: RandomSource
    let logger: Logger

    /// Starts a session for `user` inside the caller's unit of work and returns it with counter 0.
    func start(
        for user: UserRecord, methods: [AuthenticationMethod], client: ClientInfo, now: Timestamp, in work: UnitOfWork
    ) async throws -> SessionRecord {
        let session = newSession(for: user, methods: methods, now: now)
        try await work.sessions.insert(session, userAgent: client.userAgent, ip: client.address)
        return session
    }

    /// A session for `user` with counter 0, not yet written (`start` writes it).
    func newSession(for user: UserRecord, methods: [AuthenticationMethod], now: Timestamp) -> SessionRecord {
        SessionRecord(id: random.uuid(), userId: user.id, aal: "aal1", amr: methods, refreshCounter: 0, refreshedAt: now, createdAt: now)
    }

    /// A fresh access token and the refresh token for the session's counter.
    func issue(
        user: UserRecord, session: SessionRecord, now: Timestamp, weakPasswordReasons: [String]? = nil
    ) async throws(AuthError) -> IssuedSession {
        let signed: (token: String, expiresAt: Int64)
        do {
            signed = try await signer.accessToken(for: user, session: session, now: now)
        } catch {
            logger.error("Signing an access token failed", metadata: ["error": "\(error)"])
            throw AuthError(.unexpectedFailure, kind: .internalFailure, "Could not sign the access token")
        }
        return IssuedSession(
            user: user, session: session, accessToken: signed.token, expiresAt: signed.expiresAt,
            expiresIn: Int(signed.expiresAt - now.secondsSinceEpoch),
            refreshToken: refreshTokens.encode(sessionId: session.id, counter: session.refreshCounter),
            weakPasswordReasons: weakPasswordReasons
        )
    }
}
