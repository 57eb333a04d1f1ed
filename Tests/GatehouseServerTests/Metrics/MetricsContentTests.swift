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

/// `GET /metrics`: Prometheus text, labelled by route pattern and status class,
/// never by a raw path or anything a user typed.
@Suite("Metrics: what /metrics exports")
struct MetricsContentTests {
    /// The sample lines of `name` (without `# HELP` / `# TYPE`).
    static func samples(_ text: String, _ name: String) -> [String] {
        text.split(separator: "\n").map(String.init).filter { $0.hasPrefix(name + "{") || $0.hasPrefix(name + " ") }
    }

    /// The value of the sample of `name` whose labels include every one of `labels`.
    static func value(_ text: String, _ name: String, _ labels: [String]) -> Double? {
        let lines = samples(text, name).filter { line in labels.allSatisfy { line.contains($0) } }
        guard !lines.isEmpty else { return nil }
        return lines.compactMap { $0.split(separator: " ").last.flatMap { Double($0) } }.reduce(0, +)
    }

    @Test("requests by route pattern and status class, latency histograms, sign-ins; no user data", arguments: Backend.all)
    func afterSomeRequests(_ backend: Backend) async throws {
        try await TestServer.run(backend) { api in
            let email = TestServer.uniqueEmail("metrics")
            let session = try await api.signedInUser(email)
            #expect(try await api.user(session.accessToken).status == .ok)
            #expect(try await api.signIn(email, "not-the-password").status == .badRequest)
            let userId = session.userId
            #expect(try await api.send(.get, "/admin/users/\(userId)", bearer: api.serviceRoleToken).status == .ok)
            #expect(try await api.send(.post, "/recover", json: ["email": email]).status == .ok)

            let reply = try await api.atRoot.send(.get, "/metrics")
            #expect(reply.status == .ok, "\(reply)")
            #expect(reply.header("Content-Type")?.hasPrefix("text/plain") == true)
            let text = reply.text
            #expect(
                (Self.value(text, "gatehouse_http_requests_total", ["route=\"/auth/v1/user\"", "status=\"2xx\"", "method=\"GET\""]) ?? 0)
                    >= 1, "\(text)")
            #expect(
                (Self.value(text, "gatehouse_http_requests_total", ["route=\"/auth/v1/admin/users/{id}\"", "status=\"2xx\""]) ?? 0) >= 1)
            #expect(
                (Self.value(text, "gatehouse_http_request_duration_seconds_count", ["route=\"/auth/v1/token\""]) ?? 0) >= 2, "\(text)")
            #expect(!Self.samples(text, "gatehouse_http_request_duration_seconds_bucket").isEmpty)
            #expect((Self.value(text, "gatehouse_sign_ins_total", ["outcome=\"succeeded\""]) ?? 0) >= 1, "\(text)")
            #expect(
                (Self.value(text, "gatehouse_sign_ins_total", ["outcome=\"failed\"", "reason=\"invalid_credentials\""]) ?? 0) >= 1)
            #expect((Self.value(text, "gatehouse_recovery_requests_total", []) ?? 0) >= 1)
            #expect(!Self.samples(text, "gatehouse_password_hash_duration_seconds_count").isEmpty, "bcrypt time")
            #expect(!Self.samples(text, "gatehouse_outbox_jobs").isEmpty, "outbox gauges")
            // Labels are patterns: no user id, no address, no query string anywhere.
            #expect(!text.contains(userId))
            #expect(!text.contains(email))
            #expect(!text.contains("@"))
            #expect(!text.contains("grant_type"))
        }
    }

    @Test("emailed links and codes redeemed, and the outbox's deliveries and jobs", arguments: Backend.all)
    func redemptionsAndOutbox(_ backend: Backend) async throws {
        try await TestServer.run(backend) { api in
            let email = TestServer.uniqueEmail("redeem")
            try await api.createUser(email)
            let generate: [String: Any] = ["type": "magiclink", "email": email]
            let first = try await api.send(.post, "/admin/generate_link", json: generate, bearer: api.serviceRoleToken)
            let hashed = try #require(first["hashed_token"]?.stringValue, "\(first)")
            #expect(try await api.send(.post, "/verify", json: ["type": "magiclink", "token_hash": hashed]).status == .ok)
            let second = try await api.send(.post, "/admin/generate_link", json: generate, bearer: api.serviceRoleToken)
            let code = try #require(second["email_otp"]?.stringValue, "\(second)")
            let verified = try await api.send(.post, "/verify", json: ["type": "email", "email": email, "token": code])
            #expect(verified.status == .ok, "\(verified)")
            try await RouteMail.drainOutbox(api)

            // The worker records its outcome just after the message reaches the mailbox, and a
            // scrape reads the jobs' states before it writes the counters, so one scrape can see
            // the counter of a settlement whose row it read too early: a bounded wait for both.
            var text = ""
            for _ in 0..<100 {
                text = try await api.atRoot.send(.get, "/metrics").text
                if (Self.value(text, "gatehouse_outbox_deliveries_total", ["event=\"sent\""]) ?? 0) >= 1,
                    (Self.value(text, "gatehouse_outbox_jobs", ["state=\"sent\""]) ?? 0) >= 1
                {
                    break
                }
                // Polled: the worker announces nothing a test could await.
                try await Task.sleep(for: .milliseconds(50))
            }
            #expect((Self.value(text, "gatehouse_redemptions_total", ["form=\"link\""]) ?? 0) == 1, "\(text)")
            #expect((Self.value(text, "gatehouse_redemptions_total", ["form=\"code\""]) ?? 0) == 1)
            #expect((Self.value(text, "gatehouse_outbox_deliveries_total", ["event=\"sent\""]) ?? 0) >= 1)
            #expect((Self.value(text, "gatehouse_outbox_jobs", ["state=\"sent\""]) ?? 0) >= 1)
            #expect(!text.contains(email) && !text.contains(code))
        }
    }

    @Test("an unknown path is counted under one label, never under its raw path", arguments: Backend.all)
    func unknownPaths(_ backend: Backend) async throws {
        try await TestServer.run(backend) { api in
            _ = try await api.atRoot.send(.get, "/secret-user-path-alice@example.com")
            let text = try await api.atRoot.send(.get, "/metrics").text
            #expect(!text.contains("alice"))
            #expect((Self.value(text, "gatehouse_http_requests_total", ["route=\"unmatched\"", "status=\"4xx\""]) ?? 0) >= 1, "\(text)")
        }
    }
}
