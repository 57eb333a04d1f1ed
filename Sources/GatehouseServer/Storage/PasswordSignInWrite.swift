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
import PostgresNIO

/// The writes of a password sign-in, one atomic unit: the last sign-in stamped on the account
/// and its email identity, the address's failure budget started again, the login audited and
/// the session inserted.
struct PasswordSignInWrite: Sendable {
    var userId: UUID
    var now: Timestamp
    var budgetKey: String
    var audit: AuditEntry
    var session: SessionRecord
    var client: ClientInfo
}

extension Store {
    /// On PostgreSQL one statement kept prepared (`PasswordSignInStatement`), where the
    /// transaction took seven round trips (BEGIN, five statements, COMMIT) and a plan for each
    /// statement; on SQLite a transaction of the repositories' statements on the writer.
    func recordPasswordSignIn(_ write: PasswordSignInWrite) async throws(AuthError) {
        try await run(engine == .postgres ? .statement : .transaction) { try await $0.recordPasswordSignIn(write) }
    }
}

extension UnitOfWork {
    func recordPasswordSignIn(_ write: PasswordSignInWrite) async throws {
        if let postgres = database as? PostgresConnectionSQL {
            _ = try await postgres.rows(try PasswordSignInStatement(write))
            return
        }
        try await users.recordSignIn(userId: write.userId, at: write.now)
        try await attemptBudgets.reset(key: write.budgetKey)
        try await auditLog.append(write.audit)
        try await sessions.insert(write.session, userAgent: write.client.userAgent, ip: write.client.address)
    }
}

/// `PasswordSignInWrite` as one PostgreSQL statement: each write a common table expression, the
/// session's insert the statement itself. A statement is atomic on its own, as the transaction
/// was; the writes touch different tables, so no two of them see each other's rows.
struct PasswordSignInStatement: PostgresKeptStatement {
    static let sql = """
        WITH signed_in AS (
            UPDATE users SET last_sign_in_at = $2, updated_at = $2 WHERE id = $1
        ), identity_signed_in AS (
            UPDATE identities SET last_sign_in_at = $2, updated_at = $2 WHERE user_id = $1
        ), budget_reset AS (
            DELETE FROM attempt_budgets WHERE budget_key = $3
        ), audited AS (
            INSERT INTO audit_log_entries (\(AuditInsert.columns))
            SELECT \(AuditInsert.jsonValues) FROM json_to_record($4::json) AS a(\(AuditInsert.jsonRecord))
        )
        INSERT INTO sessions (\(SessionRepository.insertColumns))
        VALUES ($5, $6, $7, $8, $9, $10, $11, $12, $13, $13)
        """

    static let bindingDataTypes: [PostgresDataType] = [
        .text, .int8, .text, .text,
        .text, .text, .text, .text, .int8, .int8, .text, .text, .int8,
    ]

    let write: PasswordSignInWrite
    let amr: String
    /// The audit entry as the JSON object `AuditInsert` reads back, as the batch statements send theirs.
    let audit: String

    init(_ write: PasswordSignInWrite) throws {
        self.write = write
        amr = try SessionRepository.storedAMR(write.session.amr)
        var writer = JSONWriter(capacity: 256)
        writer.object { row in AuditInsert.writeJSONFields(write.audit, into: &row) }
        audit = String(decoding: writer.bytes, as: UTF8.self)
    }

    func makeBindings() throws -> PostgresBindings {
        let session = write.session
        var bindings = PostgresBindings(capacity: 13)
        bindings.append(write.userId.lowercasedString)
        bindings.append(write.now.microsecondsSinceEpoch)
        bindings.append(write.budgetKey)
        bindings.append(audit)
        bindings.append(session.id.lowercasedString)
        bindings.append(session.userId.lowercasedString)
        bindings.append(session.aal)
        bindings.append(amr)
        bindings.append(session.refreshCounter)
        bindings.append(session.refreshedAt.microsecondsSinceEpoch)
        bindings.append(SessionRepository.storedUserAgent(write.client.userAgent))
        bindings.append(write.client.address)
        bindings.append(session.createdAt.microsecondsSinceEpoch)
        return bindings
    }
}
