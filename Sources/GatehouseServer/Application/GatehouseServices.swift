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

import GatehouseCore

/// The server's services, built once from the environment and handed to the protocol adapters
/// (GoTrue and Firebase endpoints, the REST and Edge Function shapes, the web pages and the
/// console). Each service holds only what its domain needs; none sees a request, a header or a
/// body, though the `AuthError`s they throw still carry the HTTP status GoTrue answers with.
///
/// A class: every route's handler captures it, and as a value each capture copied all the
/// services and their environments into the closure's context, kilobytes a route held for the
/// server's life (Benchmarks/PROFILE.md).
final class GatehouseServices: Sendable {
    let environment: ServerEnvironment
    /// Sign-up, the user's own updates and reauthentication, the admin API's users.
    let accounts: AccountService
    /// Sign-in, refresh, PKCE exchange, sign-out, bearer and admin authorization, cookie sessions.
    let sessions: SessionService
    /// Recovery and confirmation emails, verification of links and codes, password reset.
    let recovery: RecoveryService
    /// What the outbox worker needs minted, the dev mailbox and the outbox's status.
    let mail: MailService
    /// Per-client request budgets (the HTTP side's).
    let limits: RateLimits
    /// TOTP factors: enrolment, challenge, verification to aal2, removal.
    let mfa: MFAService
    /// The audit log's reader (services write their entries themselves).
    let audit: AuditService
    /// Passkeys: registration, sign-in, the user's and the admin's list and removal.
    let passkeys: PasskeyService
    /// Sign-in with Apple, Google and OpenID Connect issuers; linking and unlinking identities.
    let federation: FederationService

    init(environment: ServerEnvironment) {
        self.environment = environment
        self.accounts = AccountService(environment)
        self.sessions = SessionService(environment)
        self.recovery = RecoveryService(environment)
        self.mail = MailService(environment)
        self.limits = RateLimits(environment.configuration.rateLimits, store: environment.store)
        self.mfa = MFAService(environment)
        self.audit = AuditService(environment)
        self.passkeys = PasskeyService(environment)
        self.federation = FederationService(environment)
    }

    var configuration: ServerConfiguration { environment.configuration }
    var passwordPolicy: PasswordPolicy { configuration.passwordPolicy }
}
