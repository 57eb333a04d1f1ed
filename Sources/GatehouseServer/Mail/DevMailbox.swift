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
import Logging

/// The development transport: messages are stored in the database and browsed at `/_dev/mail`
/// (HTML and a JSON API), so every flow can be tried without a mail server.
///
/// The outbox worker sends a batch's messages at once; they are stored together (`GroupCommit`),
/// one write for all that arrive while the previous ones are written, instead of one write each
/// on SQLite's single writer.
final class DevMailbox: MailTransport {
    let name = "dev-mailbox"
    /// Messages per write (on PostgreSQL one statement of seven values each, well under its
    /// bound-value limit).
    static let batchLimit = 100
    private let inserts: GroupCommit<MailMessage, Void>

    init(store: any SQLStore) {
        let store = Store(sql: store, logger: Logger(label: "gatehouse.mail"))
        inserts = GroupCommit(batchLimit: Self.batchLimit) { messages in
            try await store.insertDevMailMessages(messages, now: ServerClock.system.now())
            return messages.map { _ in () }
        }
    }

    func send(_ message: MailMessage) async throws(MailDeliveryError) {
        do {
            try await inserts.submit(message)
        } catch {
            throw MailDeliveryError(transient: true, "dev mailbox: could not store the message")
        }
    }
}

/// A stored dev-mailbox message, as the JSON API returns it.
struct DevMailboxMessage: Codable, Sendable {
    var id: String
    var to: String
    var from: String
    var subject: String
    var text: String
    var html: String?
    var createdAt: String

    enum CodingKeys: String, CodingKey {
        case id, to, from, subject, text, html
        case createdAt = "created_at"
    }
}
