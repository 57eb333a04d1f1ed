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
import Logging
import SQLKit
import Testing

@testable import GatehouseServer

/// Secure email change needs one confirmation from each address, not two confirmations. The
/// outbox may deliver a job twice (a relay deferral after the message went out, a crash, an
/// expired lease): a second email to the new address must neither leave two of its links
/// working nor let the new address confirm in place of the current one.
@Suite("Email change: one confirmation from each side")
struct EmailChangeBothSidesTests {
    static func quiet(_ configuration: inout ServerConfiguration) {
        configuration.emailSendWindow = 0
    }

    /// Runs `sql` on the app's database from a second connection, as another instance would.
    static func execute(_ database: ScratchDatabase, _ sql: String) async throws {
        try await database.withStore { store in
            try await store.writeStatement { try await $0.raw(SQLQueryString(sql)).run() }
        }
    }

    /// The outbox job that wrote to the new address is handed out again, as after a lease ran out;
    /// returns once the worker has dealt with it (bounded wait).
    static func redeliverNewSideJob(_ database: ScratchDatabase, _ api: API) async throws {
        // The email arrives before its job is recorded as sent; a job handed out again before
        // that record would be marked sent by it and never delivered twice.
        try await outboxSettled(api, "the first delivery")
        try await execute(
            database, "UPDATE outbox SET state = 'pending', next_attempt_at = 0, locked_until = NULL WHERE kind = 'email_change_new'")
        try await outboxSettled(api, "the redelivered job")
    }

    /// Returns once no job is pending or being sent (bounded wait).
    static func outboxSettled(_ api: API, _ what: String) async throws {
        for _ in 0..<200 {
            let status = try await api.send(.get, "/admin/mail", bearer: api.serviceRoleToken)
            if status["pending"]?.intValue == 0, status["sending"]?.intValue == 0 { return }
            // Polled: the worker runs in the background and announces nothing a test could await.
            try await Task.sleep(for: .milliseconds(50))
        }
        Issue.record("\(what) was not handled within 10 s")
    }

    /// The link tokens of every email-change email to `address` with `subject`, newest first.
    static func tokens(_ api: API, to address: String, subject: String) async throws -> [String] {
        try await RouteMail.messages(api, to: address).filter { $0["subject"]?.stringValue == subject }.map { message in
            try RouteMail.token(in: try DevMail.link(in: try #require(message["text"]?.stringValue)))
        }
    }

    @Test("a redelivered email to the new address: its confirmations never replace the current address's", arguments: Backend.all)
    func redeliveredNewSide(_ backend: Backend) async throws {
        try await TestServer.withDatabase(backend) { database in
            try await TestServer.run(on: database, configure: Self.quiet) { api in
                let old = TestServer.uniqueEmail("old")
                let new = TestServer.uniqueEmail("new")
                let session = try await api.signedInUser(old)
                #expect(try await api.send(.put, "/user", json: ["email": new], bearer: session.accessToken).status == .ok)
                let current = try await EmailChangeMail.secrets(api, to: old, subject: EmailChangeMail.currentSubject)
                let first = try await EmailChangeMail.secrets(api, to: new, subject: EmailChangeMail.newSubject)
                let confirmed = try await api.send(.post, "/verify", json: ["type": "email_change", "token_hash": first.token])
                #expect(confirmed["msg"]?.stringValue == RecoveryService.emailChangeFirstConfirmation, "\(confirmed)")

                try await Self.redeliverNewSideJob(database, api)
                for token in try await Self.tokens(api, to: new, subject: EmailChangeMail.newSubject) {
                    let again = try await api.send(.post, "/verify", json: ["type": "email_change", "token_hash": token])
                    #expect(again["access_token"] == nil, "a second confirmation by the new address completed the change: \(again)")
                }
                #expect(try await api.user(session.accessToken)["email"]?.stringValue == old)
                #expect(try await api.signIn(new).status == .badRequest)

                // The current address's confirmation still completes it.
                let done = try await api.send(.post, "/verify", json: ["type": "email_change", "email": old, "token": current.code])
                #expect(done.status == .ok && done["user"]?["email"]?.stringValue == new, "\(done)")
            }
        }
    }

    @Test("a redelivered job replaces the side's link: one live token per side, PKCE ones too", arguments: Backend.all)
    func oneLiveTokenPerSide(_ backend: Backend) async throws {
        try await TestServer.withDatabase(backend) { database in
            try await TestServer.run(on: database, configure: Self.quiet) { api in
                let old = TestServer.uniqueEmail("old")
                let new = TestServer.uniqueEmail("new")
                let session = try await api.signedInUser(old)
                let challenge = String(repeating: "a", count: 43)
                let put = try await api.send(
                    .put, "/user", json: ["email": new, "code_challenge": challenge, "code_challenge_method": "s256"],
                    bearer: session.accessToken)
                #expect(put.status == .ok, "\(put)")
                let current = try await EmailChangeMail.secrets(api, to: old, subject: EmailChangeMail.currentSubject)
                let first = try await EmailChangeMail.secrets(api, to: new, subject: EmailChangeMail.newSubject)
                #expect(first.token.hasPrefix("pkce_"), "\(first.token)")

                try await Self.redeliverNewSideJob(database, api)
                let tokens = try await Self.tokens(api, to: new, subject: EmailChangeMail.newSubject)
                try #require(tokens.count == 2, "the redelivered job sent no second email: \(tokens)")
                #expect(tokens[1] == first.token)
                let replaced = try await api.send(.post, "/verify", json: ["type": "email_change", "token_hash": first.token])
                #expect(replaced.status == .forbidden && replaced.errorCode == "otp_expired", "the replaced link still works: \(replaced)")
                let newest = try await api.send(.post, "/verify", json: ["type": "email_change", "token_hash": tokens[0]])
                #expect(newest["msg"]?.stringValue == RecoveryService.emailChangeFirstConfirmation, "\(newest)")
                #expect(try await api.user(session.accessToken)["email"]?.stringValue == old)
                let done = try await api.send(.post, "/verify", json: ["type": "email_change", "email": old, "token": current.code])
                #expect(done.status == .ok && done["user"]?["email"]?.stringValue == new, "\(done)")
            }
        }
    }
}
