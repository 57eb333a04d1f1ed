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

extension AccountService {
    /// Firebase's `sendOobCode {requestType: EMAIL_SIGNIN}` from an app: queues an email whose
    /// link signs in (`signInWithEmailLink`), the magic link of Firebase's API. As `/otp` does, an
    /// unknown address becomes an account first when sign-ups are allowed (unconfirmed, without a
    /// password: using the link confirms it), and the request counts against the address's
    /// recovery send window, which magic links and resets share.
    ///
    /// Every well-formed address gets the same answer: the window is claimed before anything is
    /// looked up, and when sign-ups are off the worker simply finds no one to write to.
    func requestEmailSignInLink(_ link: FirebaseActionLink, to email: EmailAddress) async throws(AuthError) {
        let now = clock.now()
        let mayCreate = !configuration.signupDisabled
        let (random, mailQueue) = (random, mailQueue)
        let wait = try await store.run(.transaction) { database -> Int? in
            let window = EmailRequestKind.recovery.rawValue
            if let wait = try await mailQueue.claimWindow(email: email, purpose: window, now: now, in: database) { return wait }
            if mayCreate { try await Self.insertEmailLinkAccount(email, now: now, random: random, in: database) }
            try await mailQueue.enqueue(.firebaseOob(email: email.normalized, link: link), now: now, in: database)
            try await database.audit(AuditEvent(.magicLinkRequested, email: email.normalized), at: now)
            return nil
        }
        if let wait { throw MailQueue.windowStillOpen(wait) }
        mailQueue.nudge()
    }

    /// For firebase-admin's `generate_sign_in_with_email_link` (`returnOobLink`, admin only):
    /// the account the link will sign in to, made now for an unknown address, as the sign-in
    /// would make it.
    func prepareEmailSignInAccount(_ email: EmailAddress) async throws(AuthError) {
        let now = clock.now()
        let random = random
        try await store.run(.transaction) { database in
            try await Self.insertEmailLinkAccount(email, now: now, random: random, in: database)
        }
    }

    /// An unconfirmed account without a password for `email`, unless the address has one.
    private static func insertEmailLinkAccount(
        _ email: EmailAddress, now: Timestamp, random: RandomSource, in database: UnitOfWork
    ) async throws {
        var user = UserRecord.new(email: email, passwordHash: "", userMetadata: [:], confirmedAt: nil, now: now, random: random)
        user.passwordHash = nil
        try await database.users.insert(user)
    }
}
