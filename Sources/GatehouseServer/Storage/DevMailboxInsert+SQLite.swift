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

import GatehouseSQLite
import SQLiteNIO

// The dev mailbox's messages on SQLite's direct connection, one kept statement a row, inside the
// transaction `SQLiteStore.writeDirect` opens. `DevMailboxInsertTests` holds its rows to those of
// the repository's statement.

extension SQLiteDirectConnection {
    func insertDevMailMessages(_ rows: [DevMailboxRepository.Row]) throws {
        for row in rows {
            try run(
                Self.insertDevMailMessage,
                [
                    .text(row.id), .text(row.recipient), .text(row.sender), .text(row.subject), .text(row.textBody),
                    .optionalText(row.htmlBody), .integer(Int(row.createdAt)),
                ])
        }
    }

    private static let insertDevMailMessage = """
        INSERT INTO dev_mailbox (id, recipient, sender, subject, text_body, html_body, created_at)
        VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)
        """
}
