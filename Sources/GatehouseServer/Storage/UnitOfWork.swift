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

import SQLKit

/// The repositories, bound to one database connection for the length of one `Store.run` call.
///
/// Opened with `.transaction`, everything done through it commits together or not at all; with
/// `.read` or `.statement` each call stands alone (see `Store.Access`). Services receive a unit
/// of work, never a database: only Storage builds queries.
struct UnitOfWork: Sendable {
    let database: any SQLDatabase
    let engine: SQLEngine

    var users: UserRepository { UserRepository(database: database) }
    var identities: IdentityRepository { IdentityRepository(database: database) }
    var sessions: SessionRepository { SessionRepository(database: database) }
    var oneTimeTokens: OneTimeTokenRepository { OneTimeTokenRepository(database: database) }
    var pendingSignups: PendingSignupRepository { PendingSignupRepository(database: database) }
    var flowStates: FlowStateRepository { FlowStateRepository(database: database) }
    var emailWindows: EmailWindowRepository { EmailWindowRepository(database: database) }
    var attemptBudgets: AttemptBudgetRepository { AttemptBudgetRepository(database: database) }
    var reauthenticationNonces: ReauthenticationNonceRepository { ReauthenticationNonceRepository(database: database) }
    var outbox: OutboxRepository { OutboxRepository(database: database) }
    var devMailbox: DevMailboxRepository { DevMailboxRepository(database: database) }
    var retention: Retention { Retention(database: database) }
    var tokenValidity: TokenValidityRepository { TokenValidityRepository(database: database) }
    var mfaFactors: MFAFactorRepository { MFAFactorRepository(database: database) }
    var mfaChallenges: MFAChallengeRepository { MFAChallengeRepository(database: database) }
    var webAuthnChallenges: WebAuthnChallengeRepository { WebAuthnChallengeRepository(database: database) }
    var passkeys: PasskeyRepository { PasskeyRepository(database: database) }
    var rateLimitBuckets: RateLimitBucketRepository { RateLimitBucketRepository(database: database) }
}
