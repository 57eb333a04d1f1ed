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

/// A new request for a link replaces the earlier one: the newest request's email is the one that
/// works. Jobs reach the worker in whatever order the engine hands rows back, and a batch's
/// emails are sent side by side, so neither can decide which request is the newest.
@Suite("Outbox: the order emails were asked for")
struct OutboxRequestOrderTests {
    static let newerRedirect = "http://localhost:3000/newer-request"
    static let olderRedirect = "http://localhost:3000/older-request"

    @Test(
        "two reset requests delivered in one batch: the newest request's email comes first, and only its link works",
        arguments: Backend.all)
    func newestRequestWins(_ backend: Backend) async throws {
        try await TestServer.withDatabase(backend) { database in
            try await TestServer.run(on: database) { api in
                let email = TestServer.uniqueEmail("order")
                try await api.createUser(email)
                let asked = Timestamp.now()
                let newer = OutboxJob.recovery(email: email, redirectTo: Self.newerRedirect, codeChallenge: nil, codeChallengeMethod: nil)
                let older = OutboxJob.recovery(email: email, redirectTo: Self.olderRedirect, codeChallenge: nil, codeChallengeMethod: nil)
                // One transaction, so one claim takes both; the newer job is written first and
                // has the smaller id, the orders an engine may hand rows back in.
                try await database.withStore { store in
                    try await store.write { sql in
                        let outbox = OutboxRepository(database: sql)
                        try await outbox.enqueue(
                            newer, id: try #require(UUID(uuidString: "00000000-0000-4000-8000-000000000001")), now: asked)
                        try await outbox.enqueue(
                            older, id: try #require(UUID(uuidString: "ffffffff-ffff-4fff-bfff-ffffffffffff")),
                            now: asked.adding(seconds: -1))
                    }
                }
                _ = try await DevMail.newestText(api, to: email, count: 2)

                let texts = try await RouteMail.messages(api, to: email).compactMap { $0["text"]?.stringValue }
                try #require(texts.count == 2, "\(texts)")
                #expect(texts[0].contains("newer-request"), "the older request's email is listed first: \(texts[0])")
                for text in texts {
                    let token = try RouteMail.token(in: try DevMail.link(in: text))
                    let verified = try await api.send(.post, "/verify", json: ["type": "recovery", "token_hash": token])
                    if text.contains("newer-request") {
                        #expect(verified.status == .ok, "the newest request's link does not work: \(verified)")
                    } else {
                        #expect(verified.errorCode == "otp_expired", "the older request's link still works: \(verified)")
                    }
                }
            }
        }
    }
}
