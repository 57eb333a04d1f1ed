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

/// `GET /admin/mail`'s answer (and `gatehouse mail status`'s), in GoTrue's snake_case.
struct OutboxStatusPayload: Encodable, Sendable {
    struct DeadJob: Encodable, Sendable {
        var id: String
        var kind: String
        var attempts: Int
        var lastError: String?
        var updatedAt: String

        enum CodingKeys: String, CodingKey {
            case id, kind, attempts
            case lastError = "last_error"
            case updatedAt = "updated_at"
        }
    }

    var pending: Int
    var sending: Int
    var sent: Int
    var skipped: Int
    var dead: Int
    var deadJobs: [DeadJob]

    enum CodingKeys: String, CodingKey {
        case pending, sending, sent, skipped, dead
        case deadJobs = "dead_jobs"
    }

    init(_ status: OutboxStatus) {
        pending = status.pending
        sending = status.sending
        sent = status.sent
        skipped = status.skipped
        dead = status.dead
        deadJobs = status.deadJobs.map {
            DeadJob(id: $0.id, kind: $0.kind, attempts: $0.attempts, lastError: $0.lastError, updatedAt: $0.updatedAt)
        }
    }
}
