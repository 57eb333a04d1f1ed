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

/// An outbox job keeps the address it is sent to (`OutboxInsert.recipient(of:)`, written
/// when it is queued): a job naming an account found its address only when it was shown, so an
/// email change's message to the old address was listed under the new one once the change was
/// done. Jobs queued before the upgrade keep a null recipient and are shown as before. Appended
/// at the end of `Migrations.all`.
extension Migrations {
    static let outboxRecipient: [Migration] = [
        Migration(
            version: 18, name: "outbox: the address each job is sent to",
            statements: ["ALTER TABLE outbox ADD COLUMN recipient TEXT"])
    ]
}
