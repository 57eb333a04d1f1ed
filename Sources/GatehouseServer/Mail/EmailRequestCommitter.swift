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

/// Group commit for the "send me an email" requests (`submitEmailRequest`: `/recover`, `/resend`,
/// the Edge Function and REST shapes, the forms and the console, Firebase's `sendOobCode`). Each
/// request writes three rows: its address's send window, its outbox job and its audit entry.
/// Written one request at a time that was three statements and three commits a request, queued
/// one behind the other on SQLite's single writer (the profile in Benchmarks/PROFILE.md). Here the
/// requests that arrive while one batch is being written go together as the next batch, in one
/// transaction (`Store.writeEmailRequests`), through `GroupCommit`.
///
/// Nothing is answered before its batch is written: a 200 still means the job is in the
/// database. Registered and unknown addresses take the same path (nothing here looks an account
/// up).
final class EmailRequestCommitter: Sendable {
    /// One request's rows, built in its own task (hashes, JSON) before it joins a batch.
    typealias Request = EmailRequestRows

    /// The most requests one batch writes (bounds a statement's bound values).
    static let batchLimit = 200

    private let commit: GroupCommit<Request, Int?>

    /// `sendWindow`: `GATEHOUSE_EMAIL_SEND_WINDOW`, seconds; 0 turns the window off.
    init(store: Store, sendWindow: Double, metrics: GatehouseMetrics) {
        commit = GroupCommit(batchLimit: Self.batchLimit) { requests in
            let waits = try await store.writeEmailRequests(EmailRequestBatchPlan(requests, window: sendWindow))
            metrics.recordEmailRequestCommit(requests: waits.count)
            return waits
        }
    }

    /// Writes `request` with its batch. Returns nil once its job is written, or the seconds left
    /// in its address's window (then nothing of it was written).
    func submit(_ request: Request) async throws -> Int? {
        try await commit.submit(request)
    }
}
