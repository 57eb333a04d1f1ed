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

/// What the console says about the outbox and the log in words: each job under the address it
/// is sent to, stored when it is queued (an email change's message to the old address stays
/// under the old address once the account has the new one); Mail opening on the liveliest tab;
/// times and actions as people read them.
@Suite("Admin console: recipients, tabs and words")
struct ConsoleOutboxRecipientTests {
    @Test("a job keeps the address it was queued for, an email change's two sides their own", arguments: Backend.all)
    func storedRecipient(_ backend: Backend) async throws {
        try await ServiceFixture.with(backend) { fixture in
            let user = try await fixture.account("old@example.com")
            let now = fixture.clock.now
            try await fixture.environment.store.perform(.transaction) { work in
                for side in [EmailChangeSide.current, .new] {
                    let job = OutboxJob.emailChange(userId: user.id, side: side, newEmail: "new@example.com", redirectTo: nil)
                    try await work.outbox.enqueue(job, id: UUID(), now: now)
                }
                try await work.outbox.enqueue(.passwordChanged(userId: user.id), id: UUID(), now: now)
                try await work.database.raw("UPDATE users SET email = 'new@example.com' WHERE id = \(bind: user.id.lowercasedString)").run()
            }
            let page = try await fixture.services.mail.outboxPage(state: .pending, page: 1)
            let byKind = Dictionary(uniqueKeysWithValues: page.jobs.map { ($0.kind, $0.recipientLabel) })
            #expect(
                byKind == [
                    "email_change_current": "old@example.com", "email_change_new": "new@example.com", "password_changed": "old@example.com",
                ])
        }
    }

    @Test("without a state, Mail opens on the one whose jobs changed last; pending when there are none")
    func liveliest() {
        let at = { Timestamp(microsecondsSinceEpoch: $0) }
        #expect(MailService.liveliest([:]) == .pending)
        #expect(MailService.liveliest([.pending: at(1), .sent: at(2), .dead: at(3)]) == .dead)
        #expect(MailService.liveliest([.sent: at(5), .dead: at(3)]) == .sent)
    }

    @Test("times for people with the exact instant in the tooltip; actions, assurance and job kinds in words")
    func words() throws {
        let instant = try #require(Timestamp(rfc3339: "2026-11-05T09:42:07.123456Z"))
        #expect(ConsoleTime.label(instant) == "5 Nov 2026, 09:42 UTC")
        #expect(
            ConsoleTime.html(instant)
                == "<time datetime=\"2026-11-05T09:42:07.123456Z\" title=\"2026-11-05 09:42:07.123456 UTC\">5 Nov 2026, 09:42 UTC</time>")
        #expect(ConsoleLabels.action("login_failed") == "Sign-in failed" && ConsoleLabels.action("made_up") == "made_up")
        #expect(ConsoleLabels.assurance("aal2") == "Two factors" && ConsoleLabels.jobKind("recovery") == "Password recovery")
        #expect(Set(AuditAction.allCases.map(\.label)).count == AuditAction.allCases.count, "two actions read the same")
    }
}
