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
import Synchronization
import Testing

@testable import GatehouseServer

/// The reset page's POST must check the token before it hashes the new password:
/// a stream of posts with made-up tokens must not buy bcrypt work.
@Suite("Reset page: the token is checked before the password is hashed")
struct ResetTokenFirstTests {
    final class HashCounter: Sendable {
        let count = Atomic<Int>(0)
        func increment() { count.add(1, ordering: .relaxed) }
        var value: Int { count.load(ordering: .relaxed) }
    }

    @Test("an invalid token costs no bcrypt; a valid one costs one hash", arguments: Backend.all)
    func invalidTokenCostsNoHash(backend: Backend) async throws {
        try await TestServer.run(backend, configure: { $0.emailSendWindow = 0 }) { api in
            var browser = WebFormClient(api)
            let login = try await browser.get("/login")
            let csrf = try #require(WebFormClient.hiddenField("csrf", in: login), "\(login)")
            let fields = ["csrf": csrf, "password": "a-brand-new-password", "confirm": "a-brand-new-password"]

            let counter = HashCounter()
            for token in ["made-up-token", "pgp7i5ANIpvQfjKz_7-0gLlBwM0i9ekogovWyxuY-zo", "pkce_whatever"] {
                let reply = try await PasswordHasher.$hashObserver.withValue({ counter.increment() }) {
                    try await browser.post("/reset-password", fields.merging(["token": token]) { $1 })
                }
                #expect(reply.status == .badRequest, "\(reply.status)")
                #expect(reply.text.contains(UserFacingText.resetLinkInvalid))
            }
            #expect(counter.value == 0, "\(counter.value) bcrypt hashes for invalid tokens")

            // The seam counts: a real token costs exactly one hash.
            let email = TestServer.uniqueEmail("reset-order")
            try await api.createUser(email)
            #expect(try await api.send(.post, "/recover", json: ["email": email]).status == .ok)
            let link = try await DevMail.link(api, to: email)
            let token = try #require(URLComponents(string: link)?.queryItems?.first { $0.name == "token" }?.value)
            let reply = try await PasswordHasher.$hashObserver.withValue({ counter.increment() }) {
                try await browser.post("/reset-password", fields.merging(["token": token]) { $1 })
            }
            #expect(reply.status == .ok, "\(reply)")
            #expect(counter.value == 1)
        }
    }
}
