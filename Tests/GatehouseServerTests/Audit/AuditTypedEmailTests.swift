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
import NIOCore
import Testing

@testable import GatehouseServer

/// A password typed into the email field (a common slip) must not end up in the audit log, which
/// operators read in `/admin/audit` and the console for months: only an identifier that parses as
/// an address is recorded; anything else is kept as a keyed hash, so the same slip groups
/// together but cannot be read back.
@Suite("Audit: typed identifiers")
struct AuditTypedEmailTests {
    static let slip = "Tr0ub4dor-and-3-horses"
    static let otherSlip = "correct-staple-battery-9"

    static func failures(_ api: API) async throws -> (text: String, entries: [JSONValue]) {
        let reply = try await api.send(.get, "/admin/audit?action=login_failed&per_page=100", bearer: api.serviceRoleToken)
        #expect(reply.status == .ok, "\(reply)")
        return (reply.text, reply.json?.arrayValue ?? [])
    }

    static func firebaseSignIn(_ api: API, email: String) async throws -> Reply {
        let body = try JSONSerialization.data(withJSONObject: ["email": email, "password": TestServer.password, "returnSecureToken": true])
        return Reply(
            try await api.client.executeRequest(
                uri: "/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=k", method: .post,
                headers: [.contentType: "application/json"], body: ByteBuffer(bytes: body)))
    }

    @Test("a password typed as the email is in neither /admin/audit nor the console's events", arguments: Backend.all)
    func passwordAsEmail(_ backend: Backend) async throws {
        try await ConsoleFixture.withAccounts(backend) { database, accounts in
            try await TestServer.run(on: database) { api in
                #expect(try await api.signIn(Self.slip, Self.slip).status == .badRequest)
                #expect(try await api.signIn("  \(Self.slip.uppercased()) ", "x").status == .badRequest)
                _ = try await Self.firebaseSignIn(api, email: Self.slip)
                var browser = WebFormClient(api)
                #expect(try await browser.consoleSignIn(Self.slip, Self.slip).status != .seeOther)
                #expect(try await browser.consoleSignIn(accounts.operatorEmail).location == "/admin")

                let (text, entries) = try await Self.failures(api)
                #expect(entries.count >= 3, "\(text)")
                for leaked in [Self.slip, Self.slip.lowercased(), Self.slip.uppercased()] {
                    #expect(!text.contains(leaked), "the audit log shows what was typed: \(text)")
                }
                for page in ["/admin/events", "/admin/events?action=login_failed"] {
                    let shown = try await browser.get(page)
                    #expect(shown.status == .ok, "\(shown)")
                    #expect(!shown.text.lowercased().contains(Self.slip.lowercased()), "\(page) shows what was typed")
                }
            }
        }
    }

    @Test("the same slip gets the same keyed hash, another slip another; an address is kept", arguments: Backend.all)
    func grouping(_ backend: Backend) async throws {
        try await TestServer.run(backend) { api in
            let address = TestServer.uniqueEmail("typed")
            for typed in [Self.slip, Self.slip, Self.otherSlip, address.uppercased()] {
                #expect(try await api.signIn(typed, "not-the-password").status == .badRequest)
            }
            let (text, entries) = try await Self.failures(api)
            #expect(entries.count == 4, "\(text)")
            let recorded = entries.map { entry in
                entry["email"]?.stringValue ?? entry["payload"]?["traits"]?["typed_identifier"]?.stringValue ?? "none"
            }
            // Newest first.
            #expect(recorded[0] == address, "\(recorded)")
            #expect(recorded[1] != recorded[2] && recorded[2] == recorded[3], "\(recorded)")
            #expect(!recorded.contains("none") && !recorded.contains(Self.slip), "\(recorded)")
            #expect(entries[1]["email"] == nil || entries[1]["email"] == .null, "\(entries[1])")
        }
    }
}
