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

import GatehouseCore

extension Store {
    /// Stores the development transport's messages in one write.
    ///
    /// On SQLite the write is one call on the writer, a kept single-row statement a message
    /// (`SQLiteDirectConnection.insertDevMailMessages`), as the worker's minting and settlement
    /// are: through SQLKit a batch's statement is built, its text and values encoded and it is
    /// prepared again for each batch size, with the single writer held across its awaits
    /// (Benchmarks/PROFILE.md, "The dev mailbox's rows"). On PostgreSQL the repository's one
    /// multi-row statement.
    func insertDevMailMessages(_ messages: [MailMessage], now: Timestamp) async throws {
        guard !messages.isEmpty else { return }
        let rows = messages.map { DevMailboxRepository.Row($0, now: now) }
        if let sqlite = sql as? SQLiteStore {
            try await sqlite.writeDirect { try $0.insertDevMailMessages(rows) }
            return
        }
        // One INSERT: atomic without a transaction around it.
        try await perform(.statement) { try await $0.devMailbox.insert(rows) }
    }
}
