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

/// Reading the audit log: `GET /admin/audit` and the console. (Writing is done by every service,
/// in its own units of work: `AuditTrail.swift`.)
struct AuditService: Sendable {
    let store: Store

    init(_ environment: ServerEnvironment) {
        store = environment.store
    }

    /// One page of entries, newest first, and how many match in all.
    func entries(matching filter: AuditFilter, offset: Int, limit: Int) async throws(AuthError) -> (
        entries: [AuditEntry], total: Int
    ) {
        try await store.run { work in
            (try await work.auditLog.list(filter, offset: offset, limit: limit), try await work.auditLog.count(filter))
        }
    }
}
