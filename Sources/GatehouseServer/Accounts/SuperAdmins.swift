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
    /// Makes a user an operator of the admin console, or not (`gatehouse users promote|demote`).
    /// Audited in the same transaction (`super_admin_granted` / `super_admin_revoked`); a
    /// demoted operator's console session ends at their next request, since the console's guard
    /// reads the flag every time.
    func setSuperAdmin(_ user: UserRecord, _ value: Bool) async throws(AuthError) {
        let now = clock.now()
        let found = try await store.run(.transaction) { work in
            guard try await work.users.setSuperAdmin(id: user.id, value, at: now) else { return false }
            try await work.audit(AuditEvent(value ? .superAdminGranted : .superAdminRevoked, user), at: now)
            return true
        }
        guard found else { throw AuthError(.userNotFound, kind: .notFound) }
    }

    /// Whether the user is an operator of the admin console.
    func isSuperAdmin(_ userId: UUID) async throws(AuthError) -> Bool {
        try await store.run { try await $0.users.isSuperAdmin(id: userId) }
    }
}
