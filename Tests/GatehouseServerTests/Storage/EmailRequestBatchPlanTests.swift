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

/// The waits a batch of "send me an email" requests is answered with. Each request takes its
/// time when it builds its rows, before it joins a batch, so the request that opens an address's
/// window can be stamped later than another one it refuses.
@Suite("A batch's send-window waits")
struct EmailRequestBatchPlanTests {
    static let start = Timestamp(microsecondsSinceEpoch: 1_800_000_000_000_000)

    static func request(_ email: String, at now: Timestamp) throws -> EmailRequestRows {
        let job = OutboxJob.recovery(email: email, redirectTo: nil, codeChallenge: nil, codeChallengeMethod: nil)
        return EmailRequestRows(
            windowKey: "key:" + email, now: now,
            job: try OutboxRepository.NewJob(job, id: UUID(), now: now),
            audit: AuditEntry(
                id: UUID(), createdAt: now, action: "user_recovery_requested", userId: nil, email: email, actor: nil,
                ipAddress: "127.0.0.1", userAgent: nil, requestId: nil, traits: [:]))
    }

    static func at(seconds: Double) -> Timestamp {
        Timestamp(microsecondsSinceEpoch: start.microsecondsSinceEpoch + Int64(seconds * 1_000_000))
    }

    @Test("a request stamped before the one that opened its window waits no longer than the window")
    func refusedBeforeTheOpener() throws {
        let opener = try Self.request("ada@example.com", at: Self.at(seconds: 0.4))
        let earlier = try Self.request("ada@example.com", at: Self.at(seconds: 0))
        let plan = EmailRequestBatchPlan([opener, earlier], window: 60)
        let accepted = plan.accepted(opened: ["key:ada@example.com"])
        #expect(accepted == [0])
        let waits = plan.waits(accepted: accepted, lastSent: ["key:ada@example.com": opener.now.microsecondsSinceEpoch])
        #expect(waits == [nil, 60])
    }

    @Test("the seconds left: rounded up, at least 1, at most the window")
    func secondsLeft() {
        let opened = Self.at(seconds: 10).microsecondsSinceEpoch
        func left(at seconds: Double, window: Double = 60) -> Int {
            EmailWindowRepository.secondsLeft(lastSentAt: opened, window: window, now: Self.at(seconds: seconds))
        }
        #expect(left(at: 10) == 60)
        #expect(left(at: 10.5) == 60)
        #expect(left(at: 69.2) == 1)
        #expect(left(at: 75) == 1)
        #expect(left(at: 9.6) == 60)
        #expect(left(at: 0) == 60)
        #expect(left(at: 10, window: 0.5) == 1)
    }
}
