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

/// GoTrue's `type` on `/verify`, and which tokens each accepts.
enum VerificationType: String, Sendable {
    case recovery, signup, email, magiclink, invite
    case emailChange = "email_change"

    init(_ raw: String?) throws(AuthError) {
        guard let raw, let type = VerificationType(rawValue: raw.lowercased()) else {
            throw .validation("Verify requires a verification type")
        }
        self = type
    }

    var purposes: [TokenPurpose] {
        switch self {
        case .recovery: [.recovery]
        case .magiclink: [.magiclink, .recovery]
        case .signup, .invite: [.signup, .invite]
        case .email: [.signup, .invite, .recovery, .magiclink]
        case .emailChange: [.emailChangeCurrent, .emailChangeNew]
        }
    }
}

extension RecoveryService {
    static let linkExpired = AuthError(.otpExpired, kind: .forbidden, "Email link is invalid or has expired")
    static let codeExpired = AuthError(.otpExpired, kind: .forbidden)

    /// `POST /verify {type, token_hash}`: redeems a link token for a session.
    func verify(tokenHash: String, type: VerificationType, client: ClientInfo) async throws(AuthError) -> IssuedSession {
        let linkHash = tokenHasher.linkHash(tokenHash)
        let now = clock.now()
        let purposes = type.purposes
        let result = try await store.run(.transaction) { database -> (UserRecord, SessionRecord)? in
            guard let token = try await database.oneTimeTokens.consume(linkHash: linkHash, purposes: purposes, now: now) else {
                return nil
            }
            return try await completeVerification(token, client: client, now: now, in: database)
        }
        guard let (user, session) = result else {
            await auditRejected(kind: "link", type: type.rawValue)
            throw Self.linkExpired
        }
        metrics.recordRedemption("link")
        return try await issuer.issue(user: user, session: session, now: now)
    }

    /// `POST /verify {type, email, token}`: redeems the 6-digit code for a session.
    ///
    /// GoTrue bounds code guesses only by per-IP limits. Here every try is counted in the
    /// database before the code is compared: against the account's budget (`CodeGuessBudget`,
    /// across successive codes) and against each candidate token's five tries. A spent budget
    /// answers exactly like a wrong code, and wrong codes never spend the emailed link.
    func verify(email rawEmail: String, code: String, type: VerificationType, client: ClientInfo) async throws(AuthError) -> IssuedSession {
        guard let email = try? EmailAddress(validating: rawEmail) else {
            throw AuthError(.validationFailed, kind: .refused, "Unable to validate email address: invalid format")
        }
        let now = clock.now()
        let purposes = type.purposes
        let hasher = tokenHasher
        let result = try await store.run(.transaction) { database -> (UserRecord, SessionRecord)? in
            guard let user = try await database.users.find(email: email) else { return nil }
            let budget = CodeGuessBudget(userId: user.id)
            guard try await database.attemptBudgets.claim(key: budget.key, limit: budget.limit, window: budget.window, now: now) else {
                return nil
            }
            let candidates = try await database.oneTimeTokens.claimCodeTry(userId: user.id, purposes: purposes, now: now)
            // Every candidate is compared (no early exit), so the time does not say which matched.
            let matches = candidates.filter { OneTimeTokenHasher.constantTimeEquals(hasher.codeHash(code, tokenId: $0.id), $0.codeHash) }
            guard let match = matches.first,
                let consumed = try await database.oneTimeTokens.consume(id: match.id, now: now)
            else { return nil }
            try await database.attemptBudgets.reset(key: budget.key)
            return try await completeVerification(consumed, client: client, now: now, in: database)
        }
        guard let (user, session) = result else {
            await auditRejected(kind: "code", type: type.rawValue, email: email.normalized)
            throw Self.codeExpired
        }
        metrics.recordRedemption("code")
        return try await issuer.issue(user: user, session: session, now: now)
    }

    /// After a token was consumed: confirm the address (a link in the inbox proves it), clear the
    /// user's other pending tokens for recovery, and start a session.
    func completeVerification(
        _ token: OneTimeTokenRecord, client: ClientInfo, now: Timestamp, in database: UnitOfWork
    ) async throws -> (UserRecord, SessionRecord)? {
        guard var user = try await database.users.find(id: token.userId), !user.isBanned(at: now) else { return nil }
        try await ConfirmationSettlement.settle(&user, by: token, now: now, in: database)
        user.lastSignInAt = now
        user.updatedAt = now
        user.identity?.lastSignInAt = now
        try await database.users.update(user)
        if token.purpose == .recovery {
            try await database.oneTimeTokens.deletePending(userId: user.id, purpose: nil)
        }
        let method = token.purpose == .recovery ? "recovery" : "otp"
        try await database.audit(AuditEvent.redeemed(token, by: user), at: now)
        try await database.audit(AuditEvent(.login, user, traits: ["method": method]), at: now)
        let session = try await issuer.start(
            for: user, methods: [AuthenticationMethod(method: method, timestamp: now.secondsSinceEpoch)], client: client, now: now,
            in: database
        )
        return (user, session)
    }
}

extension UserRecord {
    mutating func confirmEmail(at now: Timestamp) {
        guard emailConfirmedAt == nil else { return }
        emailConfirmedAt = now
        userMetadata["email_verified"] = .bool(true)
        identity?.identityData["email_verified"] = .bool(true)
    }
}
