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
import HTTPTypes
import Testing

@testable import GatehouseServer

/// With confirmations on, sign-up must not tell a new address from one with a
/// confirmed or an unconfirmed account.
@Suite("Sign-up does not reveal accounts")
struct SignUpEnumerationTests {
    @Test(
        "new, unconfirmed and confirmed addresses: same status and shape, a fresh id, nothing of the first registrant",
        arguments: Backend.all)
    func indistinguishable(_ backend: Backend) async throws {
        let time = ManualServerClock(Timestamp.now())
        try await TestServer.run(backend, clock: time.clock) { api in
            let newAddress = TestServer.uniqueEmail("new")
            let fresh = try await api.signUp(newAddress, data: ["plan": "x"])
            #expect(fresh.status == .ok, "\(fresh)")

            let unconfirmed = TestServer.uniqueEmail("unconfirmed")
            let first = try await api.signUp(unconfirmed, data: ["secret": "first registrant"])
            let firstId = try #require(first["id"]?.stringValue)
            let confirmed = TestServer.uniqueEmail("confirmed")
            let confirmedId = try await api.createUser(confirmed)
            // Later than the first registrant, so a fresh user's created_at cannot be its by chance.
            time.advance(seconds: 1)

            for (address, realId) in [(unconfirmed, firstId), (confirmed, confirmedId)] {
                var ids: Set<String> = []
                for _ in 0..<2 {
                    let again = try await api.signUp(address, TestServer.otherPassword, data: ["plan": "x"])
                    #expect(again.status == fresh.status, "\(again)")
                    #expect(again.json?.keys == fresh.json?.keys, "\(again)")
                    #expect(again["identities"]?[0]?.keys == fresh["identities"]?[0]?.keys)
                    #expect(again["user_metadata"]?.keys == fresh["user_metadata"]?.keys, "\(again)")
                    #expect(again["user_metadata"]?["secret"] == nil)
                    #expect(again["created_at"] != first["created_at"])
                    let id = try #require(again["id"]?.stringValue)
                    #expect(id != realId)
                    ids.insert(id)
                }
                #expect(ids.count == 2, "a fresh random id each time")
            }

            // /resend answers alike for all three (the send window each sign-up opened included).
            var answers: [String] = []
            for address in [newAddress, unconfirmed, confirmed] {
                let resend = try await api.send(.post, "/resend", json: ["type": "signup", "email": address])
                answers.append("\(resend.status.code) \(resend.errorCode ?? "") \(resend.json?.keys.sorted() ?? [])")
            }
            #expect(Set(answers).count == 1, "\(answers)")
        }
    }
}
