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

/// What the Firebase endpoints share: the services, the project's tokens, and the steps every
/// RPC takes the same way (who an ID token names, Firebase's order of input checks, a user's
/// lookup entry, a session's tokens).
struct FirebaseAdapter: Sendable {
    let service: GatehouseServices
    let tokens: FirebaseTokens

    init(service: GatehouseServices, projectId: String) {
        self.service = service
        self.tokens = FirebaseTokens(service: service, projectId: projectId)
    }

    /// The signed-in caller an ID token names: a token of this project, its session alive, its
    /// user present and enabled, not issued before a revocation (else `INVALID_ID_TOKEN`,
    /// `TOKEN_EXPIRED`, `USER_NOT_FOUND`, `USER_DISABLED`).
    func caller(idToken: String?) async throws -> Authenticated {
        let claims = try await tokens.verify(idToken)
        let userId = FirebaseLocalId.userId(claims.userId)
        guard let sessionId = UUID(parsing: claims.sessionId) else {
            throw FirebaseError.named("INVALID_ID_TOKEN")
        }
        let issuedAt = Int64(claims.iat.value.timeIntervalSince1970.rounded(.down))
        return try await service.sessions.authenticate(userId: userId, sessionId: sessionId, issuedAt: issuedAt)
    }

    /// The ID token and refresh token of a session (naming its second factor when it is aal2).
    func tokens(user: UserRecord, session: SessionRecord) async throws -> FirebaseTokenSet {
        let secondFactor = try await service.mfa.secondFactor(of: session, user: user)
        let developerClaims = try await service.sessions.customTokenClaims(of: session)
        do {
            return try await tokens.issue(user: user, session: session, secondFactor: secondFactor, developerClaims: developerClaims)
        } catch {
            service.environment.logger.error("Signing a Firebase ID token failed", metadata: ["error": "\(error)"])
            throw FirebaseError.internalError
        }
    }

    /// `user` as lookup answers it, with its `validSince`.
    func userInfo(_ user: UserRecord) async throws -> FirebaseUserInfo {
        let validSince = try await service.sessions.validSince(of: user)
        return FirebaseUserInfo(
            user, validSince: validSince, now: service.environment.clock.now(), providers: service.configuration.external)
    }

    /// Firebase's checks of an address, in its order: missing, then malformed. Lowercased.
    static func email(_ raw: String?) throws(FirebaseError) -> String {
        guard let raw, !raw.trimmingCharacters(in: .whitespaces).isEmpty else { throw .named("MISSING_EMAIL") }
        guard let email = try? EmailAddress(validating: raw) else { throw .named("INVALID_EMAIL") }
        return email.normalized
    }

    /// A password must be present (its policy is the services'): `MISSING_PASSWORD`.
    static func password(_ raw: String?) throws(FirebaseError) -> String {
        guard let raw, !raw.isEmpty else { throw .named("MISSING_PASSWORD") }
        return raw
    }

    /// The user metadata a `displayName` becomes (nil: unchanged; empty: removed).
    static func metadata(displayName: String?) -> [String: JSONValue]? {
        guard let displayName else { return nil }
        return [FirebaseUserInfo.displayNameKey: displayName.isEmpty ? .null : .string(displayName)]
    }
}

extension FirebaseAdapter {
    /// A disabled Firebase user is a banned one, for the longest ban there is.
    static let disabledBanDuration = "876000h"
}
