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
import ServiceLifecycle
import Synchronization

/// Delivers the outbox: claims due jobs, turns each into an email (minting one-time tokens for
/// registered addresses only), sends it through the configured transport, and records the
/// outcome. Failures are retried with exponential backoff and jitter up to the configured number
/// of attempts, then the job is `dead` (see `gatehouse mail status`). Jobs survive restarts: a
/// job claimed by a worker that died is claimed again when its lease runs out.
final class OutboxWorker: Service {
    let environment: ServerEnvironment
    /// Mints what each email needs (tokens, nonces) when it is sent.
    let mail: MailService
    let transport: any MailTransport
    let templates = EmailTemplates()
    let emailChangeTemplates = EmailChangeTemplates()
    /// Jobs claimed at once: the claim, the token minting and the settlement are one write
    /// each per batch, so a larger batch costs fewer turns on the writer per email.
    let batchSize = 64
    /// Messages of a batch in flight at once: a relay serves a handful of connections per client,
    /// and more than this in flight gains nothing on the dev mailbox's group commit either.
    let sendConcurrency = 16
    /// How long a claim holds without renewal. While a batch is in flight a heartbeat renews
    /// it every third of that, so a live worker's job is never claimed twice, and the job of a
    /// worker that died (SIGKILL, power loss) is claimed again within this many seconds.
    let lease: Double = 15
    /// How long to sleep with nothing due; other instances' jobs are found at the latest then.
    let idleWait: Double = 1
    /// How long to let jobs gather after waking, before claiming. Under load this turns a claim,
    /// a lookup and a finish per request into one of each per batch (at 1,000 requests a second,
    /// about a dozen writes a request became a handful a batch); an email leaves that much later.
    let gatherDelay: Duration = .milliseconds(20)

    /// After a failed claim the next try waits 1 s, then 2, 4 … up to this (with jitter), so an
    /// unreachable database is neither hammered nor logged every second.
    let maximumFailurePause: Double = 60
    /// Consecutive failed claims; 0 once a claim succeeds.
    private let failedClaims = Mutex(0)
    /// Outcomes known while others are being written go together in the next transaction: the
    /// sends of a batch finish at about the same time, and one write each would queue them one
    /// behind the other on SQLite's single writer.
    private let settlements: GroupCommit<[(OutboxEntry, DeliveryOutcome)], Void>

    init(environment: ServerEnvironment, mail: MailService) {
        self.environment = environment
        self.mail = mail
        self.transport = environment.transport
        let transportName = environment.transport.name
        settlements = GroupCommit(batchLimit: 64) { batches in
            await Self.record(batches.flatMap { $0 }, environment: environment, transportName: transportName)
            return batches.map { _ in () }
        }
    }

    func run() async throws {
        let stopping = StopFlag()
        // The loop runs in a task of its own so that shutdown can interrupt it: sends in flight
        // get half the grace period to finish, then are cancelled (an SMTP wait or an HTTP call
        // ends at once) and left unrecorded, so their leases run out and they are sent again
        // after the restart, exactly as after a crash. A database that does not answer is
        // cancelled the same way.
        let drain = Duration.milliseconds(environment.configuration.shutdownTimeout * 500)
        let loop = Task { await deliverUntilStopped(stopping) }
        await withGracefulShutdownHandler {
            await withTaskCancellationHandler {
                await loop.value
            } onCancel: {
                loop.cancel()
                self.environment.outboxSignal.nudge()  // a pause does not watch for cancellation
            }
        } onGracefulShutdown: {
            stopping.set()
            self.environment.schemaReady.open()
            self.environment.outboxSignal.nudge()
            Task {
                try? await Task.sleep(for: drain)
                loop.cancel()
            }
        }
    }

    private func deliverUntilStopped(_ stopping: StopFlag) async {
        // Wait for migrations; a shutdown before then must not leave this task hanging.
        await withTaskCancellationHandler {
            await environment.schemaReady.wait()
        } onCancel: {
            environment.schemaReady.open()
        }
        // Up to `batchesInFlight` claimed batches are delivered at once: the next claim does not
        // wait for the batch before it to be sent and settled.
        let batchesInFlight = environment.store.outboxBatchesInFlight
        await withTaskGroup(of: Void.self) { group in
            var inFlight = 0
            while !stopping.isSet, !Task.isCancelled {
                if inFlight == batchesInFlight {
                    await group.next()
                    inFlight -= 1
                }
                let entries = await claimDueJobs()
                if !entries.isEmpty {
                    inFlight += 1
                    group.addTask { await self.deliver(entries) }
                }
                if entries.count < batchSize, !stopping.isSet, !Task.isCancelled {
                    let failures = failedClaims.withLock { $0 }
                    let pause = failures > 0 ? failurePause(after: failures) : await secondsUntilNextDue()
                    await environment.outboxSignal.wait(upTo: pause)
                    if !stopping.isSet { try? await Task.sleep(for: gatherDelay) }
                }
            }
        }
    }

    /// 1 s after the first failure, doubling up to `maximumFailurePause`, ±25 % jitter.
    func failurePause(after failures: Int) -> Double {
        min(maximumFailurePause, pow(2, Double(min(failures, 32) - 1))) * Double.random(in: 0.75...1.25)
    }

    /// Claims one batch and delivers it, a few at a time. Returns how many jobs were claimed.
    func deliverDueJobs() async -> Int {
        let entries = await claimDueJobs()
        if !entries.isEmpty { await deliver(entries) }
        return entries.count
    }

    /// Claims up to a batch of due jobs; none when the claim failed (logged, and counted for the
    /// back-off).
    private func claimDueJobs() async -> [OutboxEntry] {
        let clock = environment.clock
        let entries: [OutboxEntry]
        do {
            let (limit, lease) = (batchSize, lease)
            entries = try await environment.store.claimOutbox(limit: limit, lease: lease, now: clock.now())
        } catch {
            if Task.isCancelled { return [] }
            let failures = failedClaims.withLock {
                $0 += 1
                return $0
            }
            environment.logger.error(
                "Outbox: claiming jobs failed",
                metadata: [
                    "error": "\(String(reflecting: error))", "consecutive_failures": "\(failures)",
                ])
            return []
        }
        failedClaims.withLock { $0 = 0 }
        return entries
    }

    /// Delivers a claimed batch, a few messages at a time, and records each outcome.
    private func deliver(_ entries: [OutboxEntry]) async {
        let heartbeat = Task { await renewLeases(of: entries.map(\.id)) }
        do {
            let messages = try await messages(for: entries.map(\.job))
            // Jobs with nothing to send (an unknown address: most of a `/recover` flood) are
            // settled together, in one transaction: nothing leaves the server for them, so
            // there is nothing a crash could repeat, and one write a batch replaces one a job.
            let skipped = zip(entries, messages).compactMap { entry, message in message == nil ? (entry, DeliveryOutcome.skipped) : nil }
            if !skipped.isEmpty { await Task { await self.record(skipped) }.value }
            // Each sent message's outcome is recorded as soon as it is known (claiming stays
            // batched): a crash then repeats at most the messages still in flight.
            await withTaskGroup(of: Void.self) { group in
                var inFlight = 0
                for (entry, message) in zip(entries, messages) {
                    guard var message else { continue }
                    message.date = entry.queuedAt
                    if inFlight == sendConcurrency {
                        await group.next()
                        inFlight -= 1
                    }
                    inFlight += 1
                    group.addTask {
                        let outcome = await self.deliver(message)
                        // Shutdown interrupted this send: record nothing, so the lease runs out
                        // and the job is claimed again after the restart. A message the relay
                        // accepted is recorded even then, so it is not sent twice.
                        if Task.isCancelled, case .failed = outcome { return }
                        // In a task of its own, so a shutdown's cancellation cannot stop the write.
                        await Task { await self.record([(entry, outcome)]) }.value
                    }
                }
            }
        } catch {
            let failure = MailDeliveryError(transient: true, "preparing the messages failed: \(String(describing: type(of: error)))")
            if !Task.isCancelled { await record(entries.map { ($0, .failed(failure)) }) }
        }
        heartbeat.cancel()
        if Task.isCancelled {
            environment.logger.notice(
                "Outbox: shutdown interrupted sends; unsent ones will be retried", metadata: ["jobs": "\(entries.count)"])
        }
    }

    /// Extends the claim on `ids` (those still being sent) until cancelled.
    private func renewLeases(of ids: [UUID]) async {
        let lease = self.lease
        let clock = environment.clock
        while !Task.isCancelled {
            try? await Task.sleep(for: .milliseconds(Int(lease * 1000 / 3)))
            if Task.isCancelled { return }
            do {
                try await environment.store.perform(.statement) { database in
                    try await database.outbox.renewLease(ids: ids, until: clock.now().adding(seconds: lease))
                }
            } catch {
                environment.logger.warning("Outbox: renewing a lease failed", metadata: ["error": "\(String(reflecting: error))"])
            }
        }
    }

    fileprivate enum DeliveryOutcome: Sendable {
        case sent
        /// Nothing to send: the address has no account (or is already confirmed).
        case skipped
        case failed(MailDeliveryError)
    }

    private func deliver(_ message: MailMessage) async -> DeliveryOutcome {
        do {
            try await transport.send(message)
            return .sent
        } catch {
            return .failed(error)
        }
    }

    /// Records outcomes with those that become known meanwhile (`settlements`): one message's
    /// as it is known, or a whole batch's when preparing it failed.
    private func record(_ outcomes: [(OutboxEntry, DeliveryOutcome)]) async {
        // The write logs its own failure; nothing is thrown to the senders.
        try? await settlements.submit(outcomes)
    }

    /// Records outcomes in one transaction.
    private static func record(_ outcomes: [(OutboxEntry, DeliveryOutcome)], environment: ServerEnvironment, transportName: String) async {
        let now = environment.clock.now()
        let configuration = environment.configuration.mail
        var finished: [OutboxRepository.Finish] = []
        var events: [AuditEvent] = []
        for (entry, outcome) in outcomes {
            // Built only for a line that is logged: most of a flood's outcomes are `skipped`,
            // logged at debug.
            func metadata(_ extra: Logger.Metadata = [:]) -> Logger.Metadata {
                [
                    "job": "\(entry.id.lowercasedString)", "kind": "\(entry.job.kind)", "attempt": "\(entry.attempts)",
                    "transport": "\(transportName)",
                ].merging(extra) { $1 }
            }
            switch outcome {
            case .sent:
                environment.logger.info("Outbox: delivered", metadata: metadata())
                finished.append(.init(id: entry.id, state: .sent, error: nil, nextAttemptAt: now))
                events.append(.delivery(.emailSent, entry))
            case .skipped:
                environment.logger.debug("Outbox: nothing to send", metadata: metadata())
                finished.append(.init(id: entry.id, state: .skipped, error: nil, nextAttemptAt: now))
                events.append(.delivery(.emailSkipped, entry))
            case .failed(let error) where error.isTransient && entry.attempts < configuration.maximumAttempts:
                environment.logger.warning("Outbox: will retry", metadata: metadata(["reason": "\(error.reason)"]))
                let next = now.adding(seconds: Self.backoff(attempt: entry.attempts, base: configuration.retryBaseDelay))
                finished.append(.init(id: entry.id, state: .pending, error: error.reason, nextAttemptAt: next))
                events.append(.delivery(.emailDeferred, entry, reason: error.reason))
            case .failed(let error):
                environment.logger.error("Outbox: giving up", metadata: metadata(["reason": "\(error.reason)"]))
                finished.append(.init(id: entry.id, state: .dead, error: error.reason, nextAttemptAt: now))
                events.append(.delivery(error.isTransient ? .emailDead : .emailBounced, entry, reason: error.reason))
            }
        }
        let (results, audited) = (finished, events)
        do {
            // One transaction: a batch of skipped jobs is settled together.
            let request = AuditRequest.current
            try await environment.store.settleOutbox(results, audit: audited.map { AuditEntry($0, at: now, request: request) }, now: now)
            for result in results { environment.metrics.recordOutbox(result.state == .pending ? "retried" : result.state.rawValue) }
        } catch {
            // The leases will run out and the jobs will be tried again: at least once, never lost.
            environment.logger.error("Outbox: recording outcomes failed", metadata: ["error": "\(String(reflecting: error))"])
        }
    }

    private func secondsUntilNextDue() async -> Double {
        guard let due = try? await environment.store.perform(.read, { try await $0.outbox.nextDue() }) else { return idleWait }
        let seconds = Double(due.microsecondsSinceEpoch - environment.clock.nowMicros()) / 1_000_000
        return min(idleWait, max(0.01, seconds))
    }

    /// `base · 2^(attempt-1)`, capped at an hour, with ±25 % jitter so retries of many jobs
    /// after an outage do not arrive at the mail server all at once.
    static func backoff(attempt: Int, base: Double) -> Double {
        let exponential = min(3600, base * pow(2, Double(max(0, attempt - 1))))
        return exponential * Double.random(in: 0.75...1.25)
    }
}
