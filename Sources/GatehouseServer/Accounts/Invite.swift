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

/// The body of `POST /invite`: the address and the new account's metadata.
struct InviteRequest: Decodable, Sendable {
    var email: String?
    var data: [String: JSONValue]?
}

extension AccountService {
    static let emailExists = AuthError(
        .emailExists, kind: .refused)

    /// `POST /invite` (admin): creates the account (no password, `data` as its metadata) or
    /// re-invites one still unconfirmed, sets `invited_at`, and queues the invitation email,
    /// whose link confirms the address and signs the user in to choose a password. No send
    /// window (as GoTrue): only an admin can invite. A confirmed account is GoTrue's 422
    /// `email_exists`.
    func invite(email rawEmail: String?, data: [String: JSONValue]?, redirectTo requested: String?) async throws(AuthError) -> UserRecord {
        let email = try AuthError.checkEmail(rawEmail)
        let metadata = data ?? [:]
        try checkMetadataSize(metadata, field: "data")
        let redirectTo = requested == nil ? nil : redirectPolicy.resolve(requested).url
        let now = clock.now()
        var candidate = UserRecord.new(email: email, passwordHash: "", userMetadata: metadata, confirmedAt: nil, now: now, random: random)
        candidate.passwordHash = nil
        let (newUser, mailQueue) = (candidate, mailQueue)
        let invited = try await store.run(.transaction) { database -> UserRecord? in
            guard var user = try await Self.unconfirmedOrNew(email: email, newUser, in: database) else { return nil }
            try await database.users.recordInvited(userId: user.id, at: now)
            user.invitedAt = now
            user.confirmationSentAt = now
            user.updatedAt = now
            let job = OutboxJob.emailLink(
                purpose: .invite, email: email.normalized, redirectTo: redirectTo, codeChallenge: nil, codeChallengeMethod: nil)
            try await mailQueue.enqueue(job, now: now, in: database)
            try await database.audit(AuditEvent(.userInvited, user), at: now)
            return user
        }
        guard let invited else { throw Self.emailExists }
        mailQueue.nudge()
        return invited
    }

    /// The account at `email` if it is still unconfirmed, else nil; `newUser`, inserted, if
    /// there is none.
    static func unconfirmedOrNew(email: EmailAddress, _ newUser: UserRecord, in database: UnitOfWork) async throws -> UserRecord? {
        if let existing = try await database.users.find(email: email) {
            return existing.isConfirmed ? nil : existing
        }
        guard try await database.users.insert(newUser) else {
            throw AuthError(.conflict, kind: .conflict, "Concurrent sign-up, please retry")
        }
        return newUser
    }
}
