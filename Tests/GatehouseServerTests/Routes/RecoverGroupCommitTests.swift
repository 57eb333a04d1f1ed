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

/// "Send me an email" requests that arrive together are written together (one group
/// commit: three multi-row statements), each answered once its batch is written, with the
/// per-address window still applied request by request.
@Suite("POST /recover: group commit")
struct RecoverGroupCommitTests {
    /// Sends `POST /recover` for each address at once; the statuses in the addresses' order.
    static func recoverAtOnce(_ api: API, _ emails: [String]) async throws -> [Reply] {
        try await withThrowingTaskGroup(of: (Int, Reply).self) { group in
            for (index, email) in emails.enumerated() {
                group.addTask { (index, try await api.send(.post, "/recover", json: ["email": email])) }
            }
            var replies = [Reply?](repeating: nil, count: emails.count)
            for try await (index, reply) in group { replies[index] = reply }
            return replies.compactMap { $0 }
        }
    }

    static func metric(_ api: API, _ name: String) async throws -> Double? {
        let reply = try await api.atRoot.send(.get, "/metrics")
        #expect(reply.status == .ok, "\(reply)")
        return MetricsContentTests.value(reply.text, name, [])
    }

    @Test("requests sent together share commits; every one is answered 200 and written", arguments: Backend.all)
    func requestsShareCommits(_ backend: Backend) async throws {
        try await TestServer.run(backend) { api in
            let emails = (0..<40).map { _ in TestServer.uniqueEmail("together") }
            let replies = try await Self.recoverAtOnce(api, emails)
            #expect(replies.count == emails.count)
            for reply in replies { #expect(reply.status == .ok && reply.text == "{}", "\(reply)") }

            let commits = try #require(try await Self.metric(api, "gatehouse_email_request_commits_total"), "no commit counter")
            let committed = try await Self.metric(api, "gatehouse_email_request_committed_total")
            #expect(committed == Double(emails.count))
            #expect(commits < Double(emails.count), "\(commits) commits for \(emails.count) requests sent together")

            // Each request's audit entry was written with its job.
            let audit = try await api.send(.get, "/admin/audit?action=user_recovery_requested&per_page=100", bearer: api.serviceRoleToken)
            #expect(audit.status == .ok, "\(audit)")
            #expect(audit.header("X-Total-Count") == String(emails.count), "\(audit.headers)")
        }
    }

    @Test("one address many times at once: one 200, every other a 429 with the window's wait", arguments: Backend.all)
    func oneAddressInOneBatch(_ backend: Backend) async throws {
        try await TestServer.run(backend) { api in
            let email = TestServer.uniqueEmail("same")
            let replies = try await Self.recoverAtOnce(api, Array(repeating: email, count: 12))
            #expect(replies.filter { $0.status == .ok }.count == 1, "\(replies.map(\.status))")
            for reply in replies where reply.status != .ok {
                #expect(reply.status == .tooManyRequests, "\(reply)")
                let wait = reply.header("Retry-After").flatMap { Int($0) }
                #expect(wait.map { (1...60).contains($0) } == true, "\(reply.headers)")
            }
        }
    }

    @Test("with the send window off, every request for one address is written", arguments: Backend.all)
    func windowOff(_ backend: Backend) async throws {
        try await TestServer.run(backend, configure: { $0.emailSendWindow = 0 }) { api in
            let email = TestServer.uniqueEmail("nowindow")
            let replies = try await Self.recoverAtOnce(api, Array(repeating: email, count: 8))
            #expect(replies.allSatisfy { $0.status == .ok }, "\(replies.map(\.status))")
            #expect(try await Self.metric(api, "gatehouse_email_request_committed_total") == 8)
        }
    }
}
