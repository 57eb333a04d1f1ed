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

/// What a sign-up ends in.
enum SignUpOutcome: Sendable {
    /// Signed in at once (no confirmation needed).
    case signedIn(IssuedSession)
    /// A user awaiting confirmation: a new one, or, for an address already registered, a
    /// stand-in of exactly the same shape (so the answer never tells them apart).
    case awaitingConfirmation(UserRecord)
}

extension AccountService {
    /// `POST /signup`.
    ///
    /// An address that is already registered is never revealed while confirmations are on: the
    /// answer is a user object of exactly the shape a new sign-up gets (GoTrue's fake user has
    /// `identities: []`, a known oracle, supabase/auth#1517), and the same bcrypt work is done.
    func signUp(
        email rawEmail: String?, password rawPassword: String?, data: [String: JSONValue], client: ClientInfo,
        redirectTo: String? = nil, pkce: PKCEChallenge? = nil
    ) async throws(AuthError) -> SignUpOutcome {
        if configuration.signupDisabled {
            throw AuthError(.signupDisabled, kind: .refused)
        }
        let email = try AuthError.checkEmail(rawEmail, missingMessage: "Signup requires a valid email address")
        let password = try await passwordScreen.check(rawPassword)
        try checkMetadataSize(data, field: "data")
        let hash = try await hashing { try await hasher.hash(password) }
        let now = clock.now()
        var candidate = UserRecord.new(
            email: email, passwordHash: hash, userMetadata: data, confirmedAt: configuration.autoconfirm ? now : nil, now: now,
            random: random
        )
        if !configuration.autoconfirm {
            candidate.confirmationSentAt = now
            // The password waits in the pending sign-up until its link proves the address: in the
            // row, Firebase (which signs unverified accounts in) would accept it.
            candidate.passwordHash = nil
        }
        let autoconfirm = configuration.autoconfirm
        // Confirmation mail for new and still-unconfirmed accounts; within the address's send
        // window it is skipped silently (a 429 here would tell registered addresses apart).
        // Each such sign-up is kept apart with its own password and metadata, and its link
        // applies exactly those (`settleConfirmation`).
        let redirect = redirectTo.map { redirectPolicy.resolve($0).url }
        let pkce = pkce
        let confirmation: @Sendable (PendingSignupRecord) -> OutboxJob = { pending in
            .signupConfirmation(
                email: email.normalized, redirectTo: redirect, codeChallenge: pkce?.challenge, codeChallengeMethod: pkce?.method,
                pendingSignupId: pending.id
            )
        }
        let random = random
        let pendingSignup: @Sendable (UUID) -> PendingSignupRecord = { userId in
            PendingSignupRecord(id: random.uuid(), userId: userId, passwordHash: hash, userMetadata: data, createdAt: now)
        }
        let newUser = candidate
        let mailQueue = mailQueue
        let outcome: SignUpStep = try await store.run(.transaction) { database in
            if let existing = try await database.users.find(email: email) {
                // Kept apart only where nobody can sign in yet; an owner who can (confirmed, or
                // a Firebase account using its own password) never has credentials replaced.
                if AccountLifecycle.acceptsCompetingSignUp(existing, at: now) {
                    let pending = pendingSignup(existing.id)
                    try await database.pendingSignups.insert(pending)
                    // Links of earlier sign-ups stop working at once: only the newest sign-up's
                    // link (once minted) can confirm the address.
                    try await database.oneTimeTokens.deletePending(userId: existing.id, purpose: .signup)
                    _ = try await mailQueue.enqueueWithinWindow(
                        confirmation(pending), kind: .signupConfirmation, email: email, now: now, in: database)
                } else if !autoconfirm {
                    // Nothing is sent, but the address's send window opens as for the others,
                    // so a `/resend` right after cannot tell a confirmed address apart (429 or not).
                    _ = try await mailQueue.claimWindow(
                        email: email, purpose: EmailRequestKind.signupConfirmation.rawValue, now: now, in: database)
                }
                try await database.audit(AuditEvent(.userRepeatedSignUp, existing), at: now)
                return .existing(existing)
            }
            guard try await database.users.insert(newUser) else {
                // Taken by a concurrent sign-up since the lookup above.
                guard let existing = try await database.users.find(email: email) else {
                    throw AuthError(.conflict, kind: .conflict, "Concurrent sign-up, please retry")
                }
                return .existing(existing)
            }
            try await database.audit(AuditEvent(.userSignedUp, newUser, traits: ["provider": "email"]), at: now)
            guard autoconfirm else {
                let pending = pendingSignup(newUser.id)
                try await database.pendingSignups.insert(pending)
                _ = try await mailQueue.enqueueWithinWindow(
                    confirmation(pending), kind: .signupConfirmation, email: email, now: now, in: database)
                return .created(newUser, nil)
            }
            let session = try await issuer.start(
                for: newUser, methods: [.password(at: now)], client: client, now: now, in: database
            )
            try await database.users.recordSignIn(userId: newUser.id, at: now)
            return .created(newUser, session)
        }
        switch outcome {
        case .created(var user, let session?):
            user.lastSignInAt = now
            user.identity?.lastSignInAt = now
            return .signedIn(try await issuer.issue(user: user, session: session, now: now))
        case .created(let user, nil):
            mailQueue.nudge()
            return .awaitingConfirmation(user)
        case .existing(let user) where user.isConfirmed && autoconfirm:
            throw AuthError(.userAlreadyExists, kind: .refused)
        case .existing:
            // Confirmed or not, an existing account is never shown: the answer
            // is `candidate`'s, with a fresh random id each time and only what this caller sent,
            // of exactly a new sign-up's shape (GoTrue's obfuscated user).
            return .awaitingConfirmation(candidate)
        }
    }
}

private enum SignUpStep: Sendable {
    case created(UserRecord, SessionRecord?)
    case existing(UserRecord)
}
