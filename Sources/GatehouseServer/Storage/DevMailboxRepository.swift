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

/// Reads and writes `dev_mailbox`, the development transport's store.
struct DevMailboxRepository: Sendable {
    let database: any SQLDatabase

    /// Stores `rows` in one statement (the transport's group commit hands them over together).
    func insert(_ rows: [Row]) async throws {
        guard !rows.isEmpty else { return }
        var insert = database.insert(into: "dev_mailbox")
            .columns("id", "recipient", "sender", "subject", "text_body", "html_body", "created_at")
        for row in rows {
            insert = insert.values(
                SQLBind(row.id), SQLBind(row.recipient), SQLBind(row.sender), SQLBind(row.subject), SQLBind(row.textBody),
                SQLBind(row.htmlBody), SQLBind(row.createdAt))
        }
        try await insert.run()
    }

    /// A message's row, whichever way it is written: each at its date (`now` when it has none),
    /// the id ordered by the time of delivery.
    struct Row: Sendable {
        var id: String
        var recipient: String
        var sender: String
        var subject: String
        var textBody: String
        var htmlBody: String?
        var createdAt: Int64

        init(_ message: MailMessage, now: Timestamp) {
            id = RandomSource.system.timeOrderedUUID(at: now).lowercasedString
            recipient = message.to.address.lowercased()
            sender = message.from.address
            subject = message.subject
            textBody = message.text
            htmlBody = message.html
            createdAt = (message.date ?? now).microsecondsSinceEpoch
        }
    }

    /// Newest first: by date, then (one email delivered twice) by delivery; for one recipient
    /// when `recipient` is given.
    func list(recipient: String?, limit: Int) async throws -> [DevMailboxMessage] {
        let rows =
            if let recipient {
                try await database.raw(
                    """
                    SELECT * FROM dev_mailbox WHERE recipient = \(bind: recipient.lowercased())
                    ORDER BY created_at DESC, id DESC LIMIT \(bind: limit)
                    """
                ).all()
            } else {
                try await database.raw("SELECT * FROM dev_mailbox ORDER BY created_at DESC, id DESC LIMIT \(bind: limit)").all()
            }
        return try rows.map(Self.decode)
    }

    func find(id: String) async throws -> DevMailboxMessage? {
        try await database.raw("SELECT * FROM dev_mailbox WHERE id = \(bind: id)").first().map(Self.decode)
    }

    func deleteAll() async throws {
        try await database.raw("DELETE FROM dev_mailbox").run()
    }

    private static func decode(_ row: any SQLRow) throws -> DevMailboxMessage {
        DevMailboxMessage(
            id: try row.decode(column: "id", as: String.self), to: try row.decode(column: "recipient", as: String.self),
            from: try row.decode(column: "sender", as: String.self), subject: try row.decode(column: "subject", as: String.self),
            text: try row.decode(column: "text_body", as: String.self), html: try row.decode(column: "html_body", as: String?.self),
            createdAt: Timestamp(microsecondsSinceEpoch: try row.decode(column: "created_at", as: Int64.self)).rfc3339
        )
    }
}
