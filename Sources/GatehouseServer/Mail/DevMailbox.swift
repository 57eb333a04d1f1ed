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
struct DevMailbox: MailTransport {
    let name = "dev-mailbox"
    let store: any SQLStore

    func send(_ message: MailMessage) async throws(MailDeliveryError) {
        do {
            // One INSERT: atomic without a transaction around it.
            let now = ServerClock.system.now()
            try await Store(sql: store, logger: Logger(label: "gatehouse.mail")).perform(.statement) {
                try await $0.devMailbox.insert(message, now: now)
            }
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
