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

/// The audit log through the router: what the services write, and `GET /admin/audit`.
@Suite("Audit log")
struct AuditLogTests {
    static let agent: HTTPFields = [.userAgent: "AuditTests/1.0"]

    func audit(_ api: API, _ query: String = "") async throws -> Reply {
        try await api.send(.get, "/admin/audit\(query)", bearer: api.serviceRoleToken)
    }

    func actions(_ reply: Reply) -> [String] {
        reply.json?.arrayValue?.compactMap { $0["payload"]?["action"]?.stringValue } ?? []
    }

    @Test("sign-ins, refused ones with their reason, never a password", arguments: Backend.all)
    func signIns(_ backend: Backend) async throws {
        try await TestServer.run(backend) { api in
            let email = TestServer.uniqueEmail("audit")
            let userId = try await api.createUser(email)
            _ = try await api.signIn(email, "wrong-password-123", headers: Self.agent)
            _ = try await api.signIn(TestServer.uniqueEmail("nobody"), "whatever-password", headers: Self.agent)
            #expect(try await api.signIn(email, headers: Self.agent).status == .ok)

            let mine = try await audit(api, "?user_id=\(userId)")
            #expect(mine.status == .ok)
            #expect(actions(mine) == ["login", "login_failed", "user_created"])
            let entries = try #require(mine.json?.arrayValue)
            #expect(entries[1]["payload"]?["traits"]?["reason"]?.stringValue == "invalid_credentials")
            #expect(entries[0]["user_agent"]?.stringValue == "AuditTests/1.0")
            #expect(entries[0]["email"]?.stringValue == email)
            #expect(entries[0]["payload"]?["log_type"]?.stringValue == "account")
            // The admin created the account: the actor is the service role, not the user.
            #expect(entries[2]["payload"]?["actor_username"]?.stringValue == "service_role")
            #expect(entries[2]["payload"]?["log_type"]?.stringValue == "team")

            let failed = try await audit(api, "?action=login_failed")
            #expect(failed.header("X-Total-Count") == "2")
            let unknown = try #require(failed.json?.arrayValue?.first)
            #expect(unknown["user_id"] == nil || unknown["user_id"] == .null)

            let everything = try await audit(api, "?per_page=1000")
            #expect(!everything.text.contains(TestServer.password))
            #expect(!everything.text.contains("wrong-password-123"))
        }
    }

    @Test("admin bans, unbans and password changes, refresh-token reuse and sign-out", arguments: Backend.all)
    func accountEvents(_ backend: Backend) async throws {
        try await TestServer.run(backend) { api in
            let session = try await api.signedInUser()
            let first = try await api.refresh(session.refreshToken)
            #expect(first.status == .ok)
            // The first refresh token, replayed after its successor was used, is a stolen one.
            let second = try TestSession(first)
            _ = try await api.refresh(second.refreshToken)
            _ = try await api.refresh(session.refreshToken)
            _ = try await api.refresh(session.refreshToken)

            for body in [["ban_duration": "24h"], ["ban_duration": "none"], ["password": "a-brand-new-password-9"]] as [[String: Any]] {
                let reply = try await api.send(.put, "/admin/users/\(session.userId)", json: body, bearer: api.serviceRoleToken)
                #expect(reply.status == .ok, "\(reply)")
            }
            let fresh = try await api.signedInUser()
            #expect(try await api.logout(fresh.accessToken).status == .noContent)

            let mine = actions(try await audit(api, "?user_id=\(session.userId)"))
            #expect(mine.contains("token_reuse_detected"))
            #expect(Array(mine.prefix(3)) == ["user_updated_password", "user_unbanned", "user_banned"])
            #expect(actions(try await audit(api, "?user_id=\(fresh.userId)&action=logout")) == ["logout"])
        }
    }

    @Test("a recovery request is recorded by address, without looking the account up", arguments: Backend.all)
    func recovery(_ backend: Backend) async throws {
        try await TestServer.run(backend) { api in
            let email = TestServer.uniqueEmail("reset")
            try await api.createUser(email)
            #expect(try await api.send(.post, "/recover", json: ["email": email]).status == .ok)
            let reply = try await audit(api, "?email=\(email)&action=user_recovery_requested")
            let entry = try #require(reply.json?.arrayValue?.first)
            #expect(entry["email"]?.stringValue == email)
            #expect(reply.header("X-Total-Count") == "1")
        }
    }

    @Test("filters and paging are checked; only an admin reads the log")
    func badInput() async throws {
        try await TestServer.run(.sqlite) { api in
            for query in ["?user_id=nope", "?email=not-an-address", "?action=made_up", "?since=yesterday", "?page=0"] {
                let reply = try await audit(api, query)
                #expect(reply.status == .badRequest, "\(query): \(reply)")
                #expect(reply.errorCode == "validation_failed")
            }
            let user = try await api.signedInUser()
            #expect(try await api.send(.get, "/admin/audit", bearer: user.accessToken).status == .forbidden)
            #expect(try await api.send(.get, "/admin/audit").status == .unauthorized)

            // Three more accounts: four `user_created` entries with the signed-in user's.
            for _ in 0..<3 { try await api.createUser(TestServer.uniqueEmail("page")) }
            let page = try await audit(api, "?action=user_created&per_page=3")
            #expect(page.json?.arrayValue?.count == 3)
            #expect(page.header("X-Total-Count") == "4")
            #expect(page.header("Link")?.contains("rel=\"next\"") == true)
            let future = try await audit(api, "?since=2999-01-01T00:00:00Z")
            #expect(future.json?.arrayValue?.isEmpty == true)
        }
    }

    @Test("the retention job removes entries older than GATEHOUSE_AUDIT_RETENTION, keeps the rest")
    func retention() async throws {
        try await withTemporarySQLiteStore { store in
            let now = Timestamp.now()
            for (action, age) in [("login", 100.0 * 86_400), ("logout", 10.0 * 86_400)] {
                let entry = AuditEntry(AuditEvent(AuditAction(rawValue: action)!), at: now.adding(seconds: -age), request: .background)
                try await store.write { try await $0.auditLog.append(entry) }
            }
            try await store.write { try await $0.retention.purge(now: now) }
            #expect(try await store.read { try await $0.auditLog.count(.init()) } == 2)
            try await store.write { try await $0.retention.purge(now: now, auditRetention: 90 * 86_400) }
            let left = try await store.read { try await $0.auditLog.list(.init(), offset: 0, limit: 10) }
            #expect(left.map(\.action) == ["logout"])
        }
    }

    /// Several entries in one call (the outbox worker's outcomes), written on SQLite as single-row
    /// prepared statements: every field comes back, NULLs as nil.
    @Test("appendEach writes every entry whole")
    func appendEach() async throws {
        try await withTemporarySQLiteStore { store in
            let now = Timestamp.now()
            var entries: [AuditEntry] = []
            for index in 0..<3 {
                var entry = AuditEntry(
                    AuditEvent(AuditAction(rawValue: "login")!), at: now.adding(seconds: Double(index)), request: .background)
                entry.userId = index == 1 ? nil : UUID()
                entry.email = index == 2 ? nil : "user\(index)@example.com"
                entry.userAgent = index == 0 ? "Agent \"quoted\"" : nil
                entry.requestId = "request-\(index)"
                entry.traits = index == 1 ? [:] : ["n": .number(Double(index)), "s": .string("é\n")]
                entries.append(entry)
            }
            let written = entries
            try await store.write { try await $0.auditLog.appendEach(written) }
            let listed = try await store.read { try await $0.auditLog.list(.init(), offset: 0, limit: 10) }.sorted {
                $0.createdAt < $1.createdAt
            }
            #expect(listed.count == 3)
            for (written, read) in zip(entries, listed) {
                #expect(read.id == written.id && read.action == written.action && read.createdAt == written.createdAt)
                #expect(read.userId == written.userId && read.email == written.email && read.actor == written.actor)
                #expect(read.ipAddress == written.ipAddress && read.userAgent == written.userAgent && read.requestId == written.requestId)
                #expect(read.traits == written.traits)
            }
        }
    }
}
