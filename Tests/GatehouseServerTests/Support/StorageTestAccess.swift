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

@testable import GatehouseServer

/// Tests that seed or inspect tables mix raw SQL with repository calls on one connection; this
/// gives a raw `SQLDatabase` the unit of work's repository accessors.
extension SQLDatabase {
    var users: UserRepository { UserRepository(database: self) }
    var oneTimeTokens: OneTimeTokenRepository { OneTimeTokenRepository(database: self) }
    var flowStates: FlowStateRepository { FlowStateRepository(database: self) }
    var emailWindows: EmailWindowRepository { EmailWindowRepository(database: self) }
    var attemptBudgets: AttemptBudgetRepository { AttemptBudgetRepository(database: self) }
    var outbox: OutboxRepository { OutboxRepository(database: self) }
    var retention: Retention { Retention(database: self) }
    var auditLog: AuditLogRepository { AuditLogRepository(database: self) }
}
