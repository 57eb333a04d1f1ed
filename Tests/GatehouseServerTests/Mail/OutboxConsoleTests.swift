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
import Testing

@testable import GatehouseServer

/// The console's mail operations on the service: the outbox listed by state, newest
/// first, 50 a page, with counts; a dead job retried once and only when dead, even when two
/// operators race; the test email through the real outbox and worker; audit entries naming the
/// operator; nothing in a listing that looks like a link or token.
@Suite("Outbox console")
struct OutboxConsoleTests {
    static let operatorId = "7a1f1e55-0000-4000-8000-00000000c0de"
    static let operatorRequest = AuditRequest(ipAddress: "192.0.2.44", userAgent: "console-tests", requestId: "req-1", actor: operatorId)

    /// Queues a recovery job for `email` and returns its id.
    @discardableResult
    func queue(_ fixture: ServiceFixture, _ email: String) async throws -> UUID {
        let id = fixture.environment.random.uuid()
        let now = fixture.clock.now
        try await fixture.environment.store.perform(.transaction) { work in
            try await work.outbox.enqueue(
                .recovery(email: email, redirectTo: nil, codeChallenge: nil, codeChallengeMethod: nil), id: id, now: now)
        }
        return id
    }

    /// Ends job `id` as the worker would: dead after `attempts` attempts with `error`.
    func kill(_ fixture: ServiceFixture, _ id: UUID, error: String = "SMTP DATA rejected: 554 no", attempts: Int = 8) async throws {
        let now = fixture.clock.now
        try await fixture.environment.store.perform(.transaction) { work in
            try await work.database.raw("UPDATE outbox SET attempts = \(bind: attempts) WHERE id = \(bind: id.uuidString.lowercased())")
                .run()
            try await work.outbox.finish([.init(id: id, state: .dead, error: error, nextAttemptAt: now)], now: now)
        }
    }

    func finish(_ fixture: ServiceFixture, _ id: UUID, _ state: OutboxState) async throws {
        let now = fixture.clock.now
        try await fixture.environment.store.perform(.transaction) { work in
            try await work.outbox.finish([.init(id: id, state: state, error: nil, nextAttemptAt: now)], now: now)
        }
    }

    func auditEntries(_ fixture: ServiceFixture, action: AuditAction) async throws -> [AuditEntry] {
        try await fixture.environment.store.perform { work in
            try await work.auditLog.list(AuditFilter(actions: [action.rawValue]), offset: 0, limit: 100)
        }
    }

    @Test("jobs by state, newest first, 50 a page, with every state's count", arguments: Backend.all)
    func listing(_ backend: Backend) async throws {
        try await ServiceFixture.with(backend) { fixture in
            var dead: [UUID] = []
            for index in 0..<53 {
                fixture.clock.advance(seconds: 1)
                let id = try await queue(fixture, "dead\(index)@example.com")
                try await kill(fixture, id)
                dead.append(id)
            }
            fixture.clock.advance(seconds: 1)
            let sent = try await queue(fixture, "sent@example.com")
            try await finish(fixture, sent, .sent)
            try await finish(fixture, try await queue(fixture, "skipped@example.com"), .skipped)
            try await queue(fixture, "pending@example.com")

            let first = try await fixture.services.mail.outboxPage(state: .dead, page: 1)
            #expect(first.counts == [.pending: 1, .sending: 0, .sent: 1, .skipped: 1, .dead: 53])
            #expect(first.jobs.count == 50 && first.pageCount == 2 && first.hasNext && !first.hasPrevious)
            #expect(first.jobs.map(\.id) == dead.reversed().prefix(50).map { $0.uuidString.lowercased() })
            let newest = try #require(first.jobs.first)
            #expect(newest.kind == "recovery" && newest.recipientLabel == "dead52@example.com" && newest.state == .dead)
            #expect(newest.attempts == 8 && newest.lastError == "SMTP DATA rejected: 554 no")

            let second = try await fixture.services.mail.outboxPage(state: .dead, page: 2)
            #expect(second.jobs.map(\.id) == dead.prefix(3).reversed().map { $0.uuidString.lowercased() })
            #expect(second.hasPrevious && !second.hasNext)
            #expect(try await fixture.services.mail.outboxPage(state: .dead, page: 3).jobs.isEmpty)

            let sentPage = try await fixture.services.mail.outboxPage(state: .sent, page: 1)
            #expect(sentPage.jobs.map(\.recipientLabel) == ["sent@example.com"] && sentPage.pageCount == 1)
            #expect(try await fixture.services.mail.outboxPage(state: .sending, page: 1).jobs.isEmpty)
        }
    }

    @Test("a job naming an account shows the account's address", arguments: Backend.all)
    func accountRecipient(_ backend: Backend) async throws {
        try await ServiceFixture.with(backend) { fixture in
            let user = try await fixture.account("changed@example.com")
            let now = fixture.clock.now
            try await fixture.environment.store.perform(.transaction) { work in
                try await work.outbox.enqueue(.passwordChanged(userId: user.id), id: UUID(), now: now)
            }
            let page = try await fixture.services.mail.outboxPage(state: .pending, page: 1)
            #expect(page.jobs.map(\.recipientLabel).contains("changed@example.com"))
        }
    }

    @Test("a retry puts a dead job back, due now, attempts reset; nothing else can be retried", arguments: Backend.all)
    func retryOnlyDead(_ backend: Backend) async throws {
        try await ServiceFixture.with(backend) { fixture in
            let id = try await queue(fixture, "someone@example.com")
            try await kill(fixture, id)
            fixture.clock.advance(seconds: 30)
            let mail = fixture.services.mail

            let outcome = try await AuditRequest.$current.withValue(Self.operatorRequest) { try await mail.retryDeadJob(id: id) }
            guard case .retried(let before) = outcome else {
                Issue.record("not retried: \(outcome)")
                return
            }
            #expect(before.attempts == 8 && before.lastError == "SMTP DATA rejected: 554 no")
            let after = try #require(try await mail.outboxJob(id: id))
            #expect(after.state == .pending && after.attempts == 0 && after.nextAttemptAt == fixture.clock.now)

            #expect(try await mail.retryDeadJob(id: id) == .notDead(.pending))
            let sent = try await queue(fixture, "sent@example.com")
            try await finish(fixture, sent, .sent)
            #expect(try await mail.retryDeadJob(id: sent) == .notDead(.sent))
            #expect(try await mail.retryDeadJob(id: UUID()) == .notFound)

            let entries = try await auditEntries(fixture, action: .emailRetried)
            #expect(entries.count == 1)
            let entry = try #require(entries.first)
            #expect(entry.actor == Self.operatorId && entry.email == "someone@example.com" && entry.ipAddress == "192.0.2.44")
            #expect(entry.traits["job_id"] == .string(id.uuidString.lowercased()) && entry.traits["previous_attempts"] == .string("8"))
        }
    }

    @Test("two operators retrying one dead job at once: it is retried once", arguments: Backend.all)
    func concurrentRetry(_ backend: Backend) async throws {
        try await ServiceFixture.with(backend) { fixture in
            let id = try await queue(fixture, "race@example.com")
            try await kill(fixture, id)
            let mail = fixture.services.mail
            let outcomes = await withTaskGroup(of: OutboxRetryOutcome?.self) { group in
                for _ in 0..<8 { group.addTask { try? await mail.retryDeadJob(id: id) } }
                return await group.reduce(into: []) { $0.append($1) }
            }
            #expect(outcomes.filter { if case .retried = $0 { true } else { false } }.count == 1)
            #expect(outcomes.filter { $0 == .notDead(.pending) }.count == 7)
            #expect(try await auditEntries(fixture, action: .emailRetried).count == 1)
        }
    }

    @Test("the test email goes through the outbox and the worker to the dev mailbox, audited", arguments: Backend.all)
    func testEmail(_ backend: Backend) async throws {
        try await ServiceFixture.with(backend) { fixture in
            let mail = fixture.services.mail
            let address = try EmailAddress(validating: "Operator@Example.com")
            let id = try await AuditRequest.$current.withValue(Self.operatorRequest) { try await mail.queueTestEmail(to: address) }
            let queued = try #require(try await mail.outboxJob(id: id))
            #expect(queued.kind == "console_test" && queued.state == .pending && queued.recipientLabel == "operator@example.com")

            let worker = OutboxWorker(environment: fixture.environment, mail: mail)
            #expect(await worker.deliverDueJobs() == 1)
            #expect(try await mail.outboxJob(id: id)?.state == .sent)
            let message = try #require(try await mail.devMessages(to: "operator@example.com", limit: 5).first)
            #expect(message.subject == "Test email from the Gatehouse admin console")
            #expect(message.text.contains("test email from the Gatehouse admin console"))
            #expect(!message.text.contains("http"))

            let entry = try #require(try await auditEntries(fixture, action: .emailTestQueued).first)
            #expect(entry.actor == Self.operatorId && entry.email == "operator@example.com")
            #expect(entry.traits["job_id"] == .string(id.uuidString.lowercased()))
        }
    }

    @Test("a last error quoting a link or a token is shown redacted", arguments: Backend.all)
    func redactedErrors(_ backend: Backend) async throws {
        try await ServiceFixture.with(backend) { fixture in
            let id = try await queue(fixture, "quoted@example.com")
            let token = "pkce_3f9a0c1b2d4e5f60718293a4b5c6d7e8"
            try await kill(fixture, id, error: "SMTP DATA rejected: 554 spam: https://gatehouse.example/verify?token=\(token) and \(token)")
            let job = try #require(try await fixture.services.mail.outboxPage(state: .dead, page: 1).jobs.first)
            let shown = try #require(job.lastError)
            #expect(!shown.contains(token) && !shown.contains("https://"))
            #expect(shown == "SMTP DATA rejected: 554 spam: [link] and [redacted]")
        }
    }
}
