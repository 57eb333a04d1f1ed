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

/// `PUT /user {email}`, GoTrue's email change, through the router.
@Suite struct EmailChangeRouteTests {
    static func quiet(_ configuration: inout ServerConfiguration) {
        configuration.emailSendWindow = 0
    }

    @Test("secure change: both addresses confirm; the first gets GoTrue's message, the second a session", arguments: Backend.all)
    func secureChange(backend: Backend) async throws {
        try await TestServer.run(backend, configure: Self.quiet) { api in
            let old = TestServer.uniqueEmail("old")
            let new = TestServer.uniqueEmail("new")
            let session = try await api.signedInUser(old)
            let changed = try await api.send(.put, "/user", json: ["email": new], bearer: session.accessToken)
            #expect(changed.status == .ok, "\(changed)")
            #expect(changed["email"]?.stringValue == old)
            #expect(changed["new_email"]?.stringValue == new)
            #expect(changed["email_change_sent_at"]?.stringValue != nil)
            #expect(try await api.user(session.accessToken)["new_email"]?.stringValue == new)

            let current = try await EmailChangeMail.secrets(api, to: old, subject: EmailChangeMail.currentSubject)
            let fresh = try await EmailChangeMail.secrets(api, to: new, subject: EmailChangeMail.newSubject)
            #expect(current.text.contains(new) && fresh.text.contains(new))

            // The current address's code with the current address: the first of two.
            let first = try await api.send(.post, "/verify", json: ["type": "email_change", "email": old, "token": current.code])
            #expect(first.status == .ok, "\(first)")
            #expect(first["msg"]?.stringValue == RecoveryService.emailChangeFirstConfirmation)
            #expect(first["code"] == .string("200"))
            #expect(first["access_token"] == nil)
            #expect(try await api.user(session.accessToken)["email"]?.stringValue == old)

            // The new address's link token: the change completes and signs in.
            let second = try await api.send(.post, "/verify", json: ["type": "email_change", "token_hash": fresh.token])
            #expect(second.status == .ok, "\(second)")
            #expect(second["user"]?["email"]?.stringValue == new)
            #expect(second["user"]?["new_email"] == nil)
            #expect(second["user"]?["identities"]?[0]?["identity_data"]?["email"]?.stringValue == new)
            #expect(try await api.signIn(new).status == .ok)
            #expect(try await api.signIn(old).status == .badRequest)
            // Both tokens are spent.
            let again = try await api.send(.post, "/verify", json: ["type": "email_change", "token_hash": fresh.token])
            #expect(again.status == .forbidden && again.errorCode == "otp_expired", "\(again)")
        }
    }

    @Test("with secure change off the new address alone confirms", arguments: Backend.all)
    func newAddressAlone(backend: Backend) async throws {
        try await TestServer.run(
            backend,
            configure: {
                Self.quiet(&$0)
                $0.secureEmailChange = false
            }
        ) { api in
            let old = TestServer.uniqueEmail("old")
            let new = TestServer.uniqueEmail("new")
            let session = try await api.signedInUser(old)
            #expect(try await api.send(.put, "/user", json: ["email": new], bearer: session.accessToken).status == .ok)
            let fresh = try await EmailChangeMail.secrets(api, to: new, subject: EmailChangeMail.newSubject)
            let done = try await api.send(.post, "/verify", json: ["type": "email_change", "email": new, "token": fresh.code])
            #expect(done.status == .ok, "\(done)")
            #expect(done["user"]?["email"]?.stringValue == new)
            let toOld = try await RouteMail.messages(api, to: old)
            #expect(!toOld.contains { $0["subject"]?.stringValue == EmailChangeMail.currentSubject })
        }
    }

    @Test("another account's address: 422 email_exists; a bad one: 400", arguments: Backend.all)
    func takenAddress(backend: Backend) async throws {
        try await TestServer.run(backend, configure: Self.quiet) { api in
            let taken = TestServer.uniqueEmail("taken")
            try await api.createUser(taken)
            let session = try await api.signedInUser()
            let reply = try await api.send(.put, "/user", json: ["email": taken], bearer: session.accessToken)
            #expect(reply.status == .unprocessableContent && reply.errorCode == "email_exists", "\(reply)")
            let bad = try await api.send(.put, "/user", json: ["email": "not-an-address"], bearer: session.accessToken)
            #expect(bad.status == .badRequest && bad.errorCode == "validation_failed", "\(bad)")
        }
    }

    @Test("resend type email_change: fresh links, the old ones dead; unknown addresses get 200 {}", arguments: Backend.all)
    func resend(backend: Backend) async throws {
        try await TestServer.run(backend, configure: Self.quiet) { api in
            let old = TestServer.uniqueEmail("old")
            let new = TestServer.uniqueEmail("new")
            let session = try await api.signedInUser(old)
            #expect(try await api.send(.put, "/user", json: ["email": new], bearer: session.accessToken).status == .ok)
            let first = try await EmailChangeMail.secrets(api, to: new, subject: EmailChangeMail.newSubject)
            let resent = try await api.send(.post, "/resend", json: ["type": "email_change", "email": old])
            #expect(resent.status == .ok && resent.json == .object([:]), "\(resent)")
            _ = try await DevMail.newestText(api, to: new, count: 2)
            let second = try await EmailChangeMail.secrets(api, to: new, subject: EmailChangeMail.newSubject)
            #expect(second.token != first.token)
            let stale = try await api.send(.post, "/verify", json: ["type": "email_change", "token_hash": first.token])
            #expect(stale.status == .forbidden && stale.errorCode == "otp_expired", "\(stale)")
            let unknown = try await api.send(.post, "/resend", json: ["type": "email_change", "email": TestServer.uniqueEmail("nobody")])
            #expect(unknown.status == .ok && unknown.json == .object([:]), "\(unknown)")
        }
    }
}
