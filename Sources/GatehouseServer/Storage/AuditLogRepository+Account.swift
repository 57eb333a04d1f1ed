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
import SQLKit

/// The console's account page: the entries about one account, found by its id or by its
/// address (requests that name only an address, such as `/recover`, are recorded without the
/// account's id so that they take the same path for unknown addresses).
extension AuditLogRepository {
    func list(userId: UUID, orEmail email: String, limit: Int) async throws -> [AuditEntry] {
        try await database.raw(
            """
            SELECT id, created_at, action, user_id, email, actor, ip_address, user_agent, request_id, traits FROM audit_log_entries
            WHERE user_id = \(bind: userId.lowercasedString) OR email = \(bind: email)
            ORDER BY created_at DESC, id DESC LIMIT \(bind: limit)
            """
        ).all().compactMap(Self.decode)
    }

    func count(userId: UUID, orEmail email: String) async throws -> Int {
        let row = try await database.raw(
            """
            SELECT COUNT(*) AS total FROM audit_log_entries
            WHERE user_id = \(bind: userId.lowercasedString) OR email = \(bind: email)
            """
        ).first()
        return try row?.decode(column: "total", as: Int.self) ?? 0
    }
}
