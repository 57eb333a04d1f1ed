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

/// Which email a request asks for.
enum EmailRequestKind: String, Sendable {
    case recovery
    case signupConfirmation = "signup"
}

extension RecoveryService {
    /// The one request path behind `/recover`, the Edge Function, both REST endpoints, `/resend`
    /// and the web form: validate, apply the address's send window, queue one outbox job with
    /// its audit entry, answer once they are written (with the other requests of the moment, in
    /// one group commit: `EmailRequestCommitter`).
    ///
    /// Nothing here looks the address up, so registered and unknown addresses take the same
    /// path, the same time and get the same answer; the worker finds out later whether there is
    /// anyone to write to.
    func requestEmail(
        _ kind: EmailRequestKind, email rawEmail: String?, redirectTo requestedRedirect: String? = nil,
        pkce: PKCEChallenge? = nil, missingMessage: String = "Password recovery requires an email"
    ) async throws(AuthError) {
        let email = try AuthError.checkEmail(rawEmail, missingMessage: missingMessage)
        let redirect = redirectPolicy.resolve(requestedRedirect)
        if redirect.rejected {
            logger.warning("redirect_to is not in the allow-list; using the site URL instead")
        }
        let redirectTo = requestedRedirect == nil ? nil : redirect.url
        let job: OutboxJob =
            switch kind {
            case .recovery:
                .recovery(
                    email: email.normalized, redirectTo: redirectTo, codeChallenge: pkce?.challenge, codeChallengeMethod: pkce?.method)
            case .signupConfirmation:
                .signupConfirmation(
                    email: email.normalized, redirectTo: redirectTo, codeChallenge: pkce?.challenge, codeChallengeMethod: pkce?.method)
            }
        // Recorded by address only: looking the account up here would break the timing parity.
        let event = AuditEvent(kind == .recovery ? .recoveryRequested : .confirmationRequested, email: email.normalized)
        try await submitEmailRequest(job, kind: kind, email: email, pkce: pkce != nil, event: event)
        metrics.recordEmailRequest(kind.rawValue)
    }

    /// Writes one request's window claim, job and audit entry with the other requests of the
    /// moment (`EmailRequestCommitter`), then wakes the worker; inside the address's window,
    /// GoTrue's 429 with the seconds left and nothing written.
    func submitEmailRequest(
        _ job: OutboxJob, kind: EmailRequestKind, email: EmailAddress, pkce: Bool, event: AuditEvent
    ) async throws(AuthError) {
        let now = clock.now()
        let wait: Int?
        do {
            wait = try await emailRequests.submit(
                EmailRequestCommitter.Request(
                    windowKey: mailQueue.windowKey(kind: kind, email: email, pkce: pkce), now: now,
                    job: try OutboxRepository.NewJob(job, id: random.timeOrderedUUID(at: now), now: now),
                    audit: AuditEntry(event, at: now, request: AuditRequest.current)))
        } catch {
            logger.error("Storage failure", metadata: ["error": "\(String(reflecting: error))"])
            throw AuthError(.unexpectedFailure, kind: .internalFailure, "Database error")
        }
        if let wait { throw MailQueue.windowStillOpen(wait) }
        mailQueue.nudge()
    }
}

/// What an outbox job needs minted: a link and code of `purpose` for the account at `email`.
struct OneTimeTokenRequest: Sendable {
    var purpose: TokenPurpose
    var email: String
    var redirectTo: String?
    var codeChallenge: String?
    var codeChallengeMethod: String?
    /// For a confirmation: the sign-up (`pending_signups`) whose password the link applies.
    var pendingSignupId: UUID? = nil
    /// For a Firebase email: its link is Firebase's action URL with the token as `oobCode`.
    var firebaseAction: FirebaseActionLink? = nil
}
