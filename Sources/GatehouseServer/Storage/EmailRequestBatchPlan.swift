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

/// The rows of one "send me an email" request: its address's send window, its outbox job and its
/// audit entry.
struct EmailRequestRows: Sendable {
    var windowKey: String
    var now: Timestamp
    var job: OutboxRepository.NewJob
    var audit: AuditEntry
}

/// What a batch of "send me an email" requests writes, decided the same way on every engine
/// (`EmailRequestCommitter`): one window claim per address, in one key order; the requests whose
/// claim opened their window (or all of them, with the window off) write their job and audit
/// entry; the others are answered with the seconds left in their address's window.
struct EmailRequestBatchPlan {
    let requests: [EmailRequestRows]
    /// `GATEHOUSE_EMAIL_SEND_WINDOW`, seconds; 0 turns the window off.
    let window: Double
    /// The first request of each address: a second request for an address in the same batch
    /// finds the window the first one opened.
    private let firstIndex: [String: Int]

    init(_ requests: [EmailRequestRows], window: Double) {
        self.requests = requests
        self.window = window
        var firstIndex: [String: Int] = [:]
        for (index, request) in requests.enumerated() where firstIndex[request.windowKey] == nil {
            firstIndex[request.windowKey] = index
        }
        self.firstIndex = firstIndex
    }

    /// The window claims to make, keys sorted (one row-lock order on PostgreSQL); none with the
    /// window off.
    var claims: [(key: String, now: Timestamp)] {
        claimingRequests.map { (key: $0.windowKey, now: $0.now) }
    }

    /// The first request of each address, keys sorted: the requests a claim is made for.
    var claimingRequests: [EmailRequestRows] {
        guard window > 0 else { return [] }
        return firstIndex.sorted { $0.key < $1.key }.map { requests[$0.value] }
    }

    /// The indices of the requests to write, in order, given the keys whose claim opened.
    func accepted(opened: Set<String>) -> [Int] {
        guard window > 0 else { return Array(requests.indices) }
        return firstIndex.filter { opened.contains($0.key) }.map(\.value).sorted()
    }

    /// The keys of the refused requests, whose window's last opening is to be read.
    func refusedKeys(accepted: [Int]) -> Set<String> {
        let accepted = Set(accepted)
        return Set(requests.indices.filter { !accepted.contains($0) }.map { requests[$0].windowKey })
    }

    /// Each request's answer: nil once written, or the seconds left in its window.
    func waits(accepted: [Int], lastSent: [String: Int64]) -> [Int?] {
        let accepted = Set(accepted)
        return requests.indices.map { index -> Int? in
            if accepted.contains(index) { return nil }
            let request = requests[index]
            let last = lastSent[request.windowKey] ?? request.now.microsecondsSinceEpoch
            return EmailWindowRepository.secondsLeft(lastSentAt: last, window: window, now: request.now)
        }
    }
}
