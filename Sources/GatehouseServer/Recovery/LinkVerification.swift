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

extension RecoveryService {
    /// `POST /verify` from the page an emailed link opens (`token`, `type`, `redirect_to`): spends
    /// the link. The adapter sends the browser on (303): to the app with the session (implicit
    /// flow), with an authorization code (PKCE), or with an error.
    func verifyLink(
        token: String?, type rawType: String?, redirectTo requested: String?, client: ClientInfo
    ) async throws(AuthError) -> LinkVerificationOutcome {
        guard let token, !token.isEmpty else { throw .validation("Verify requires a token or a token hash") }
        let type = try VerificationType(rawType)
        let now = clock.now()
        let linkHash = tokenHasher.linkHash(token)
        let purposes = type.purposes
        let hasher = tokenHasher
        let random = random
        let issuer = issuer
        enum Outcome: Sendable {
            case session(UserRecord, SessionRecord, redirect: String?)
            case code(String, redirect: String?)
            case invalid(redirect: String?)
        }
        let outcome = try await store.run(.transaction) { database -> Outcome in
            guard let consumed = try await database.oneTimeTokens.consume(linkHash: linkHash, purposes: purposes, now: now) else {
                return .invalid(redirect: nil)
            }
            if let challenge = consumed.codeChallenge, let method = consumed.codeChallengeMethod {
                // PKCE: the app that holds the verifier exchanges this code for the session.
                guard var user = try await database.users.find(id: consumed.userId) else { return .invalid(redirect: consumed.redirectTo) }
                try await ConfirmationSettlement.settle(&user, by: consumed, now: now, in: database)
                user.updatedAt = now
                try await database.users.update(user)
                let code = random.uuid().lowercasedString
                let flow = FlowStateRecord(
                    id: random.uuid(), userId: user.id, codeChallenge: challenge, codeChallengeMethod: method,
                    authenticationMethod: consumed.purpose == .recovery ? "recovery" : "otp", createdAt: now
                )
                try await database.flowStates.insert(flow, authCodeHash: hasher.authCodeHash(code))
                try await database.audit(AuditEvent.redeemed(consumed, by: user), at: now)
                return .code(code, redirect: consumed.redirectTo)
            }
            guard let (user, session) = try await completeVerification(consumed, client: client, now: now, in: database) else {
                return .invalid(redirect: consumed.redirectTo)
            }
            return .session(user, session, redirect: consumed.redirectTo)
        }
        if case .invalid = outcome {} else { metrics.recordRedemption("link") }
        switch outcome {
        case .session(let user, let session, let stored):
            let issued = try await issuer.issue(user: user, session: session, now: now)
            return .signedIn(issued, type: type, target: redirectPolicy.resolve(stored ?? requested).url)
        case .code(let code, let stored):
            return .authorizationCode(code, target: redirectPolicy.resolve(stored ?? requested).url)
        case .invalid(let stored):
            await auditRejected(kind: "link", type: type.rawValue)
            return .invalid(target: redirectPolicy.resolve(stored ?? requested).url)
        }
    }
}

/// Where spending an emailed link leaves the browser.
enum LinkVerificationOutcome: Sendable {
    /// Signed in (implicit flow): the session goes to `target`.
    case signedIn(IssuedSession, type: VerificationType, target: String)
    /// PKCE: the app at `target` exchanges this code (with its verifier) for the session.
    case authorizationCode(String, target: String)
    /// Unknown, spent or expired.
    case invalid(target: String)
}
