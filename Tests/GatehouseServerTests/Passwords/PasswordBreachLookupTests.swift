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
import Logging
import Testing

@testable import GatehouseServer

/// `GATEHOUSE_PASSWORD_BREACH_API`: the k-anonymity range lookup against a fake range
/// server on 127.0.0.1, its padding entries, a failing and a slow server (neither blocks anyone,
/// both are counted), and the refusal through `/signup`.
@Suite("Password breach lookup")
struct PasswordBreachLookupTests {
    static let breached = "not-common-but-breached-2024"

    /// A generous time limit where the lookup is meant to succeed: a loaded test machine must not turn
    /// "breached" into "lookup failed, let through".
    static func lookup(_ base: String, timeout: Duration = .seconds(30), metrics: GatehouseMetrics = GatehouseMetrics())
        -> PasswordBreachLookup
    {
        PasswordBreachLookup(rangeAPI: base, timeout: timeout, metrics: metrics, logger: Logger(label: "test.breach"))
    }

    @Test("the hash is split as the range API expects: 5 upper-case hex characters, then 35")
    func hashParts() {
        let (prefix, suffix) = PasswordBreachLookup.hashParts("password")
        #expect(prefix == "5BAA6")
        #expect(suffix == "1E4C9B93F3F0682250B6CF8331B7EE68FD8")
    }

    @Test("an answer lists a suffix only with a count above 0 (padding entries are 0)")
    func parsing() {
        let suffix = "1E4C9B93F3F0682250B6CF8331B7EE68FD8"
        #expect(PasswordBreachLookup.lists(suffix, in: "0018A45C4D1DEF81644B54AB7F969B88D65:1\r\n\(suffix):3861493\r\n"))
        #expect(PasswordBreachLookup.lists(suffix, in: "\(suffix.lowercased()):2"))
        #expect(!PasswordBreachLookup.lists(suffix, in: "\(suffix):0\r\n"))
        #expect(!PasswordBreachLookup.lists(suffix, in: "0018A45C4D1DEF81644B54AB7F969B88D65:1"))
        #expect(!PasswordBreachLookup.lists(suffix, in: ""))
    }

    @Test("a listed suffix is breached; only the 5-character prefix is sent")
    func listed() async throws {
        try await FakeRangeServer.run(breached: Self.breached) { base, requests in
            let metrics = GatehouseMetrics()
            let lookup = Self.lookup(base + "/range", metrics: metrics)
            #expect(await lookup.isBreached(Self.breached))
            #expect(await !lookup.isBreached("another-fine-password"))
            let text = metrics.exposition()
            #expect(PasswordBreachMetricsTests.count(text, "breached") == 1, "\(text)")
            #expect(PasswordBreachMetricsTests.count(text, "clean") == 1)
            #expect(PasswordBreachMetricsTests.count(text, "failed") == 0)
            let (prefix, suffix) = PasswordBreachLookup.hashParts(Self.breached)
            #expect(requests.all.first == "/range/\(prefix)")
            #expect(requests.all.allSatisfy { !$0.contains(suffix) && !$0.contains(Self.breached) })
        }
    }

    @Test("a padding entry (count 0) is not a breach")
    func padding() async throws {
        try await FakeRangeServer.run(breached: Self.breached) { base, _ in
            #expect(await !Self.lookup(base + "/padded").isBreached(Self.breached))
        }
    }

    @Test("a failing, slow or unreachable range API blocks nobody and is counted")
    func failures() async throws {
        let metrics = GatehouseMetrics()
        let failed: @Sendable () -> Double = { PasswordBreachMetricsTests.count(metrics.exposition(), "failed") }
        try await FakeRangeServer.run(breached: Self.breached) { base, _ in
            for (api, timeout) in [(base + "/broken", Duration.seconds(2)), (base + "/slow", .milliseconds(300))] {
                let before = failed()
                #expect(await !Self.lookup(api, timeout: timeout, metrics: metrics).isBreached(Self.breached), "\(api)")
                #expect(failed() == before + 1, "\(api) not counted")
            }
        }
        // Port 1 on loopback: nothing listens, the connection is refused. The HTTP client retries a
        // refused connection until the request's time limit, so the lookup takes all of it: the
        // server's default limit here, not the helper's generous one (that made this test 30 s long).
        let refused = Self.lookup("http://127.0.0.1:1/range", timeout: PasswordBreachConfiguration().timeout, metrics: metrics)
        #expect(await !refused.isBreached(Self.breached))
        #expect(failed() == 3)
        #expect(PasswordBreachMetricsTests.count(metrics.exposition(), "clean") == 0)
    }

    @Test("POST /signup with a breached password: 422 weak_password, reason pwned", arguments: Backend.all)
    func signUpRefused(_ backend: Backend) async throws {
        try await FakeRangeServer.run(breached: Self.breached) { base, _ in
            // A generous timeout: the whole suite runs in parallel and a late answer would let the password through.
            let configure: (inout ServerConfiguration) -> Void = {
                $0.passwordBreach.rangeAPI = base + "/range"
                $0.passwordBreach.timeout = .seconds(20)
            }
            try await TestServer.run(backend, configure: configure) { api in
                let email = TestServer.uniqueEmail("breached")
                let refused = try await api.signUp(email, Self.breached, modern: true)
                #expect(refused.status == .unprocessableContent, "\(refused)")
                #expect(refused.errorCode == "weak_password")
                #expect(refused["weak_password"]?["reasons"] == .array([.string("pwned")]))
                #expect(try await api.signUp(email).status == .ok, "a password the API does not list is accepted")
            }
        }
    }

    @Test("POST /signup while the range API fails: the password is accepted", arguments: Backend.all)
    func signUpWhileTheAPIFails(_ backend: Backend) async throws {
        try await FakeRangeServer.run(breached: Self.breached) { base, _ in
            try await TestServer.run(backend, configure: { $0.passwordBreach.rangeAPI = base + "/broken" }) { api in
                let reply = try await api.signUp(TestServer.uniqueEmail("unchecked"), Self.breached)
                #expect(reply.status == .ok, "\(reply)")
            }
        }
    }
}
