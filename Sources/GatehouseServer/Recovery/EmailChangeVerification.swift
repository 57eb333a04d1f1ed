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

/// What redeeming one email-change link or code did.
enum EmailChangeVerification: Sendable {
    /// The first of two confirmations (secure email change): no session yet.
    case awaitingOtherAddress
    /// The address changed; the holder of the link or code is signed in.
    case changed(IssuedSession)
}

/// Where spending an email-change link from its page leaves the browser.
enum EmailChangeLinkOutcome: Sendable {
    case awaitingOtherAddress(target: String)
    case changed(IssuedSession, target: String)
    /// PKCE: the app at `target` exchanges this code for the session.
    case authorizationCode(String, target: String)
    case invalid(target: String)
}

extension RecoveryService {
    /// GoTrue's answer to the first of the two confirmations.
    static let emailChangeFirstConfirmation = "Confirmation link accepted. Please proceed to confirm link sent to the other email"
    /// How many accounts waiting for one new address a code is tried against.
    static let emailChangeCodeCandidates = 5

    /// `POST /verify {type: "email_change", token_hash}`.
    func verifyEmailChange(tokenHash: String, client: ClientInfo) async throws(AuthError) -> EmailChangeVerification {
        let linkHash = tokenHasher.linkHash(tokenHash)
        let now = clock.now()
        let step = try await store.run(.transaction) { database -> EmailChangeStepResult? in
            guard
                let token = try await database.oneTimeTokens.consume(
                    linkHash: linkHash, purposes: [.emailChangeCurrent, .emailChangeNew], now: now)
            else { return nil }
            return try await settleEmailChange(token, client: client, now: now, in: database)
        }
        guard let step else { throw Self.linkExpired }
        return try await finish(step, now: now)
    }

    /// `POST /verify {type: "email_change", email, token}`: the current address with the code sent
    /// to it, or the new address with the code sent there. Guesses are counted as for every code
    /// (`CodeGuessBudget` per account, five tries per token) before the comparison.
    func verifyEmailChange(email rawEmail: String, code: String, client: ClientInfo) async throws(AuthError) -> EmailChangeVerification {
        guard let email = try? EmailAddress(validating: rawEmail) else {
            throw AuthError(.validationFailed, kind: .refused, "Unable to validate email address: invalid format")
        }
        let now = clock.now()
        let hasher = tokenHasher
        let step = try await store.run(.transaction) { database -> EmailChangeStepResult? in
            var candidates: [(UserRecord, TokenPurpose)] = []
            if let current = try await database.users.find(email: email), current.emailChange != nil {
                candidates.append((current, .emailChangeCurrent))
            }
            for waiting in try await database.users.find(pendingEmailChange: email, limit: Self.emailChangeCodeCandidates) {
                candidates.append((waiting, .emailChangeNew))
            }
            for (user, purpose) in candidates {
                let budget = CodeGuessBudget(userId: user.id)
                guard try await database.attemptBudgets.claim(key: budget.key, limit: budget.limit, window: budget.window, now: now) else {
                    continue
                }
                let tokens = try await database.oneTimeTokens.claimCodeTry(userId: user.id, purposes: [purpose], now: now)
                let matches = tokens.filter { OneTimeTokenHasher.constantTimeEquals(hasher.codeHash(code, tokenId: $0.id), $0.codeHash) }
                guard let match = matches.first, let consumed = try await database.oneTimeTokens.consume(id: match.id, now: now) else {
                    continue
                }
                try await database.attemptBudgets.reset(key: budget.key)
                return try await settleEmailChange(consumed, client: client, now: now, in: database)
            }
            return nil
        }
        guard let step else { throw Self.codeExpired }
        return try await finish(step, now: now)
    }

    /// `POST /verify` from the page an emailed email-change link opens.
    func verifyEmailChangeLink(token: String?, redirectTo requested: String?, client: ClientInfo) async throws(AuthError)
        -> EmailChangeLinkOutcome
    {
        guard let token, !token.isEmpty else { throw .validation("Verify requires a token or a token hash") }
        let linkHash = tokenHasher.linkHash(token)
        let now = clock.now()
        let result = try await store.run(.transaction) { database -> (EmailChangeStepResult?, String?) in
            guard
                let consumed = try await database.oneTimeTokens.consume(
                    linkHash: linkHash, purposes: [.emailChangeCurrent, .emailChangeNew], now: now)
            else { return (nil, nil) }
            if consumed.codeChallenge != nil {
                return (try await settleEmailChangeForCode(consumed, now: now, in: database), consumed.redirectTo)
            }
            return (try await settleEmailChange(consumed, client: client, now: now, in: database), consumed.redirectTo)
        }
        let target = redirectPolicy.resolve(result.1 ?? requested).url
        switch result.0 {
        case nil: return .invalid(target: target)
        case .awaitingOtherAddress?: return .awaitingOtherAddress(target: target)
        case .changed(let user, let session)?:
            return .changed(try await issuer.issue(user: user, session: session, now: now), target: target)
        case .authorizationCode(let code)?:
            return .authorizationCode(code, target: target)
        }
    }

    /// A PKCE link (`pkce_…`, the request carried a challenge): the last confirmation starts no
    /// session here but a flow whose code the app that holds the verifier exchanges
    /// (`POST /token?grant_type=pkce`), as GoTrue redirects with `?code=`.
    private func settleEmailChangeForCode(_ token: OneTimeTokenRecord, now: Timestamp, in database: UnitOfWork) async throws
        -> EmailChangeStepResult?
    {
        guard let challenge = token.codeChallenge, let method = token.codeChallengeMethod else { return nil }
        switch try await EmailChangeSettlement.confirm(token, now: now, random: random, in: database) {
        case nil: return nil
        case .awaitingOtherAddress: return .awaitingOtherAddress
        case .changed(let user):
            let code = random.uuid().lowercasedString
            let flow = FlowStateRecord(
                id: random.uuid(), userId: user.id, codeChallenge: challenge, codeChallengeMethod: method,
                authenticationMethod: "email_change", createdAt: now
            )
            try await database.flowStates.insert(flow, authCodeHash: tokenHasher.authCodeHash(code))
            return .authorizationCode(code)
        }
    }

    private func settleEmailChange(
        _ token: OneTimeTokenRecord, client: ClientInfo, now: Timestamp, in database: UnitOfWork
    ) async throws -> EmailChangeStepResult? {
        switch try await EmailChangeSettlement.confirm(token, now: now, random: random, in: database) {
        case nil:
            return nil
        case .awaitingOtherAddress:
            return .awaitingOtherAddress
        case .changed(var user):
            user.lastSignInAt = now
            user.identity?.lastSignInAt = now
            try await database.users.update(user)
            let method = AuthenticationMethod(method: "otp", timestamp: now.secondsSinceEpoch)
            let session = try await issuer.start(for: user, methods: [method], client: client, now: now, in: database)
            return .changed(user, session)
        }
    }

    private func finish(_ step: EmailChangeStepResult, now: Timestamp) async throws(AuthError) -> EmailChangeVerification {
        switch step {
        case .awaitingOtherAddress: return .awaitingOtherAddress
        case .changed(let user, let session): return .changed(try await issuer.issue(user: user, session: session, now: now))
        case .authorizationCode: throw Self.linkExpired  // only the link page's path makes codes
        }
    }
}

enum EmailChangeStepResult: Sendable {
    case awaitingOtherAddress
    case changed(UserRecord, SessionRecord)
    case authorizationCode(String)
}
