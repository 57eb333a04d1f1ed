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

/// Mail: what the outbox worker needs minted when it sends (one-time tokens, reauthentication
/// nonces), the outbox's status for the admin API and CLI, and reading the dev mailbox.
struct MailService: Sendable {
    let configuration: ServerConfiguration
    let store: Store
    let tokenHasher: OneTimeTokenHasher
    let clock: ServerClock
    let random: RandomSource
    /// Wakes the outbox worker when the console queues or retries a job.
    let outboxSignal: WakeSignal

    init(_ environment: ServerEnvironment) {
        configuration = environment.configuration
        store = environment.store
        tokenHasher = environment.tokenHasher
        clock = environment.clock
        random = environment.random
        outboxSignal = environment.outboxSignal
    }

    /// The outbox's counts by state and its most recent dead jobs (their errors redacted).
    func outboxStatus() async throws(AuthError) -> OutboxStatus {
        try await store.run { try await $0.outbox.status() }.redactingErrors()
    }

    /// Dev-mailbox messages, newest first; for one recipient when `recipient` is given.
    func devMessages(to recipient: String?, limit: Int) async throws(AuthError) -> [DevMailboxMessage] {
        try await store.run { try await $0.devMailbox.list(recipient: recipient, limit: limit) }
    }

    func devMessage(id: String) async throws(AuthError) -> DevMailboxMessage? {
        try await store.run { try await $0.devMailbox.find(id: id) }
    }

    func clearDevMailbox() async throws(AuthError) {
        try await store.run(.transaction) { try await $0.devMailbox.deleteAll() }
    }
}
