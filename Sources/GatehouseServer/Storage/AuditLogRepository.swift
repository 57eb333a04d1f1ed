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
import SQLKit

/// The audit log (`audit_log_entries`): appended to by the services, read by `GET /admin/audit`
/// and the console, trimmed by the retention job.
struct AuditLogRepository: Sendable {
    let database: any SQLDatabase

    func append(_ entry: AuditEntry) async throws {
        try await appendEach([entry])
    }

    /// Newest first.
    func list(_ filter: AuditFilter, offset: Int, limit: Int) async throws -> [AuditEntry] {
        let query: SQLQueryString =
            "SELECT id, created_at, action, user_id, email, actor, ip_address, user_agent, request_id, traits FROM audit_log_entries"
        return try await database.raw(
            query + whereClause(filter) + " ORDER BY created_at DESC, id DESC LIMIT \(bind: limit) OFFSET \(bind: offset)"
        ).all().compactMap(Self.decode)
    }

    func count(_ filter: AuditFilter) async throws -> Int {
        let query: SQLQueryString = "SELECT COUNT(*) AS total FROM audit_log_entries"
        let row = try await database.raw(query + whereClause(filter)).first()
        return try row?.decode(column: "total", as: Int.self) ?? 0
    }

    /// Entries older than `cutoff` go (the retention setting).
    func purge(before cutoff: Timestamp) async throws {
        try await database.raw("DELETE FROM audit_log_entries WHERE created_at < \(bind: cutoff.microsecondsSinceEpoch)").run()
    }

    private func whereClause(_ filter: AuditFilter) -> SQLQueryString {
        var clauses: [SQLQueryString] = []
        if let userId = filter.userId { clauses.append("user_id = \(bind: userId.lowercasedString)") }
        if let email = filter.email { clauses.append("email = \(bind: email)") }
        if !filter.actions.isEmpty {
            clauses.append("action IN (" + filter.actions.map { "\(bind: $0)" as SQLQueryString }.joined(separator: ", ") + ")")
        }
        if let since = filter.since { clauses.append("created_at >= \(bind: since.microsecondsSinceEpoch)") }
        if let until = filter.until { clauses.append("created_at < \(bind: until.microsecondsSinceEpoch)") }
        guard !clauses.isEmpty else { return "" }
        return " WHERE " + clauses.joined(separator: " AND ")
    }

    static func decode(_ row: any SQLRow) -> AuditEntry? {
        guard let id = (try? row.decode(column: "id", as: String.self)).flatMap(UUID.init(parsing:)),
            let created = try? row.decode(column: "created_at", as: Int64.self),
            let action = try? row.decode(column: "action", as: String.self)
        else { return nil }
        return AuditEntry(
            id: id, createdAt: Timestamp(microsecondsSinceEpoch: created), action: action,
            userId: (try? row.decode(column: "user_id", as: String?.self))?.flatMap(UUID.init(parsing:)),
            email: try? row.decode(column: "email", as: String?.self),
            actor: try? row.decode(column: "actor", as: String?.self),
            ipAddress: (try? row.decode(column: "ip_address", as: String.self)) ?? "",
            userAgent: try? row.decode(column: "user_agent", as: String?.self),
            requestId: try? row.decode(column: "request_id", as: String?.self),
            traits: JSONColumn.decode(try? row.decode(column: "traits", as: String.self)))
    }
}
