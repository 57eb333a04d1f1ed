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

extension Routes {
    /// `POST /auth/v1/resend` (a confirmation or recovery email again, `200 {}` for every
    /// address) and `GET /auth/v1/reauthenticate` (a signed-in user's 6-digit nonce for a
    /// password change).
    @Suite("POST /resend and GET /reauthenticate")
    struct EmailRequests {
        @Test("resend: 200 {} for every address; a confirmation only to an unconfirmed account, a recovery to any", arguments: Backend.all)
        func resend(backend: Backend) async throws {
            try await Routes.run(backend, configure: Routes.appSite) { api in
                let pending = TestServer.uniqueEmail("pending")
                #expect(try await api.signUp(pending).status == .ok)
                _ = try await RouteMail.newest(api, to: pending)
                let confirmed = TestServer.uniqueEmail("confirmed")
                try await api.createUser(confirmed)
                let unknown = TestServer.uniqueEmail("nobody")

                for email in [pending, confirmed, unknown] {
                    let reply = try await api.send(.post, "/resend", json: ["type": "signup", "email": email])
                    #expect(reply.status == .ok && reply.text == "{}", "\(email): \(reply)")
                }
                let again = try await RouteMail.newest(api, to: pending, count: 2)
                #expect(again["text"]?.stringValue?.contains("type=signup") == true, "\(again)")
                let recovery = try await api.send(.post, "/resend", json: ["type": "recovery", "email": confirmed])
                #expect(recovery.status == .ok && recovery.text == "{}", "\(recovery)")
                let link = try await DevMail.link(api, to: confirmed)
                #expect(link.contains("/reset-password?token="), "\(link)")
                try await RouteMail.drainOutbox(api)
                #expect(try await RouteMail.messages(api, to: confirmed).count == 1, "a confirmed account got a confirmation email")
                #expect(try await RouteMail.messages(api, to: unknown).isEmpty)
            }
        }

        @Test("resend validation: a known type and an address")
        func resendValidation() async throws {
            try await Routes.run(.sqlite, configure: Routes.appSite) { api in
                let cases: [([String: Any], String)] = [
                    (["email": "someone@example.com"], "Missing one of these types: signup, email_change, recovery"),
                    (["type": "magiclink", "email": "someone@example.com"], "Missing one of these types: signup, email_change, recovery"),
                    (["type": "signup"], "Resend requires an email"),
                    (["type": "signup", "email": "not-an-address"], "Unable to validate email address: invalid format"),
                ]
                for (body, message) in cases {
                    let reply = try await api.send(.post, "/resend", json: body)
                    #expect(reply.status == .badRequest && reply.errorCode == "validation_failed", "\(body): \(reply)")
                    #expect(reply.message == message, "\(body): \(reply)")
                }
            }
        }

        @Test("reauthenticate: a bearer is required; the emailed nonce allows one password change", arguments: Backend.all)
        func reauthenticate(backend: Backend) async throws {
            // Every session needs a proof for a password change (no grace period after sign-in).
            try await Routes.run(
                backend,
                configure: {
                    Routes.appSite(&$0)
                    $0.reauthenticationWindow = 0
                }
            ) { api in
                let anonymous = try await api.send(.get, "/reauthenticate")
                #expect(anonymous.status == .unauthorized && anonymous.errorCode == "no_authorization", "\(anonymous)")

                let email = TestServer.uniqueEmail("reauth")
                let session = try await api.signedInUser(email)
                let newPassword = "a-brand-new-password"
                let unproven = try await api.send(.put, "/user", json: ["password": newPassword], bearer: session.accessToken)
                #expect(unproven.status == .badRequest && unproven.errorCode == "reauthentication_needed", "\(unproven)")

                let reply = try await api.send(.get, "/reauthenticate", bearer: session.accessToken)
                #expect(reply.status == .ok && reply.text == "{}", "\(reply)")
                let text = try #require(try await RouteMail.newest(api, to: email)["text"]?.stringValue)
                let nonce = try RouteMail.code(in: text)
                let wrongNonce = nonce == "000000" ? "111111" : "000000"
                let wrong = try await api.send(
                    .put, "/user", json: ["password": newPassword, "nonce": wrongNonce], bearer: session.accessToken)
                #expect(wrong.status == .unprocessableContent && wrong.errorCode == "reauthentication_not_valid", "\(wrong)")
                let changed = try await api.send(
                    .put, "/user", json: ["password": newPassword, "nonce": nonce], bearer: session.accessToken)
                #expect(changed.status == .ok, "\(changed)")
                #expect(try await api.signIn(email, newPassword).status == .ok)
                let reused = try await api.send(
                    .put, "/user", json: ["password": TestServer.password, "nonce": nonce], bearer: session.accessToken)
                #expect(reused.status == .unprocessableContent && reused.errorCode == "reauthentication_not_valid", "\(reused)")
            }
        }

        @Test("reauthenticate: one email per window", arguments: Backend.all)
        func reauthenticateWindow(backend: Backend) async throws {
            try await Routes.run(backend, configure: { $0.emailSendWindow = 60 }) { api in
                let session = try await api.signedInUser()
                #expect(try await api.send(.get, "/reauthenticate", bearer: session.accessToken).status == .ok)
                let again = try await api.send(.get, "/reauthenticate", bearer: session.accessToken)
                #expect(again.status == .tooManyRequests && again.errorCode == "over_email_send_rate_limit", "\(again)")
                #expect(again.header("Retry-After") != nil)
            }
        }
    }
}
