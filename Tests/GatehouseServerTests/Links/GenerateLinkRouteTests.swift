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

extension Routes {
    /// `POST /admin/generate_link`: the link, code and token an email would
    /// carry, returned to the admin with the user at the top level, and nothing sent.
    @Suite("POST /admin/generate_link")
    struct GenerateLink {
        static func generate(_ api: API, _ json: [String: Any], query: String = "") async throws -> Reply {
            try await api.send(.post, "/admin/generate_link" + query, json: json, bearer: api.serviceRoleToken)
        }

        static let linkKeys: Set<String> = ["action_link", "email_otp", "hashed_token", "verification_type", "redirect_to"]

        @Test("signup: GoTrue's shape, the pending user with its data, nothing sent; the token confirms once", arguments: Backend.all)
        func signup(backend: Backend) async throws {
            try await Routes.run(backend, configure: Routes.appSite) { api in
                let email = TestServer.uniqueEmail("gensignup")
                let reply = try await Self.generate(
                    api,
                    [
                        "type": "signup", "email": email, "password": TestServer.password, "data": ["status": "alpha"],
                        "new_email": NSNull(),
                    ],
                    query: "?redirect_to=\(Routes.callback)")
                #expect(reply.status == .ok, "\(reply)")
                #expect(Self.linkKeys.isSubset(of: reply.json?.keys ?? []), "\(reply)")
                #expect(reply["email"]?.stringValue == email && reply["id"]?.stringValue != nil, "\(reply)")
                #expect(reply["user_metadata"] == .object(["status": .string("alpha")]), "\(reply)")
                #expect(reply["email_confirmed_at"] == nil && reply["confirmation_sent_at"]?.stringValue != nil, "\(reply)")
                #expect(reply["verification_type"]?.stringValue == "signup")
                #expect(reply["redirect_to"]?.stringValue == Routes.callback)
                let otp = try #require(reply["email_otp"]?.stringValue)
                #expect(otp.count == 6 && otp.allSatisfy(\.isNumber), "\(otp)")
                let hashed = try #require(reply["hashed_token"]?.stringValue)
                let link = try #require(reply["action_link"]?.stringValue)
                #expect(link.contains("/verify?token=\(hashed)&type=signup&redirect_to="), "\(link)")
                #expect(try RouteMail.token(in: link) == hashed)

                try await RouteMail.drainOutbox(api)
                #expect(try await RouteMail.messages(api, to: email).isEmpty, "generate_link must send nothing")
                #expect(try await api.signIn(email).errorCode == "email_not_confirmed")

                let session = try await api.send(.post, "/verify", json: ["type": "signup", "token_hash": hashed])
                #expect(try TestSession(session).userId == reply["id"]?.stringValue)
                #expect(try await api.signIn(email).status == .ok)
                #expect(try await api.send(.post, "/verify", json: ["type": "signup", "token_hash": hashed]).status == .forbidden)
                let again = try await Self.generate(api, ["type": "signup", "email": email, "password": TestServer.password])
                #expect(again.status == .unprocessableContent && again.errorCode == "email_exists", "\(again)")
            }
        }

        @Test(
            "magiclink: for a registered user its code signs in (type=email), once; for an unknown one it is a sign-up",
            arguments: Backend.all)
        func magiclink(backend: Backend) async throws {
            try await Routes.run(backend, configure: Routes.appSite) { api in
                let email = TestServer.uniqueEmail("genmagic")
                try await api.createUser(email)
                let reply = try await Self.generate(api, ["type": "magiclink", "email": email])
                #expect(reply.status == .ok && reply["verification_type"]?.stringValue == "magiclink", "\(reply)")
                #expect(reply["redirect_to"]?.stringValue == "https://app.example.com", "\(reply)")
                #expect(reply["recovery_sent_at"]?.stringValue != nil, "\(reply)")
                let otp = try #require(reply["email_otp"]?.stringValue)
                #expect(
                    try TestSession(try await api.send(.post, "/verify", json: ["type": "email", "email": email, "token": otp])).userId
                        .isEmpty == false)
                let reused = try await api.send(.post, "/verify", json: ["type": "magiclink", "email": email, "token": otp])
                #expect(reused.status == .forbidden && reused.errorCode == "otp_expired", "\(reused)")

                let stranger = TestServer.uniqueEmail("genmagicnew")
                let created = try await Self.generate(api, ["type": "magiclink", "email": stranger, "data": ["a": 1]])
                #expect(created.status == .ok && created["verification_type"]?.stringValue == "signup", "\(created)")
                let link = try #require(created["action_link"]?.stringValue)
                let page = try await api.atRoot.send(.get, try RouteMail.path(of: link))
                #expect(page.status == .ok && page.header("Location") == nil, "\(page)")
                let posted = try await ScannerSafeLinkTests.click(api, page: page)
                #expect(posted.header("Location")?.hasPrefix("https://app.example.com#access_token=") == true, "\(posted)")
            }
        }

        @Test("recovery and invite: links that verify; recovery of an unknown address is 404 user_not_found", arguments: Backend.all)
        func recoveryAndInvite(backend: Backend) async throws {
            try await Routes.run(backend, configure: Routes.appSite) { api in
                let email = TestServer.uniqueEmail("genrecover")
                try await api.createUser(email)
                let recovery = try await Self.generate(api, ["type": "recovery", "email": email])
                #expect(recovery.status == .ok && recovery["verification_type"]?.stringValue == "recovery", "\(recovery)")
                let hashed = try #require(recovery["hashed_token"]?.stringValue)
                #expect(try await api.send(.post, "/verify", json: ["type": "recovery", "token_hash": hashed]).status == .ok)

                let unknown = try await Self.generate(api, ["type": "recovery", "email": TestServer.uniqueEmail("nobody")])
                #expect(unknown.status == .notFound && unknown.errorCode == "user_not_found", "\(unknown)")

                let invitee = TestServer.uniqueEmail("geninvite")
                let invite = try await Self.generate(api, ["type": "invite", "email": invitee, "data": ["role": "editor"]])
                #expect(invite.status == .ok && invite["invited_at"]?.stringValue != nil, "\(invite)")
                #expect(invite["action_link"]?.stringValue?.contains("type=invite") == true, "\(invite)")
                let otp = try #require(invite["email_otp"]?.stringValue)
                #expect(try await api.send(.post, "/verify", json: ["type": "invite", "email": invitee, "token": otp]).status == .ok)
                try await RouteMail.drainOutbox(api)
                #expect(try await RouteMail.messages(api, to: invitee).isEmpty)
                #expect(try await RouteMail.messages(api, to: email).isEmpty)
            }
        }

        @Test(
            "errors: unknown type, email change without a new address or account, bad address, signup without or with a weak password, non-admin"
        )
        func errors() async throws {
            try await Routes.run(.sqlite, configure: Routes.appSite) { api in
                let email = TestServer.uniqueEmail("generr")
                let unknown = try await Self.generate(api, ["type": "bogus", "email": email])
                #expect(unknown.status == .badRequest && unknown.errorCode == "validation_failed", "\(unknown)")
                #expect(unknown.message == "Invalid email action link type requested: bogus", "\(unknown)")
                for type in ["email_change_current", "email_change_new"] {
                    let noNewAddress = try await Self.generate(api, ["type": type, "email": email])
                    #expect(
                        noNewAddress.status == .badRequest && noNewAddress.message == "The new email address is required", "\(noNewAddress)"
                    )
                    let noAccount = try await Self.generate(
                        api, ["type": type, "email": email, "new_email": TestServer.uniqueEmail("new")])
                    #expect(noAccount.status == .notFound && noAccount.errorCode == "user_not_found", "\(type): \(noAccount)")
                }
                let bad = try await Self.generate(api, ["type": "magiclink", "email": "nope"])
                #expect(bad.status == .badRequest && bad.errorCode == "validation_failed", "\(bad)")
                let noPassword = try await Self.generate(api, ["type": "signup", "email": email])
                #expect(noPassword.status == .badRequest && noPassword.message == "Signup requires a valid password", "\(noPassword)")
                let weak = try await Self.generate(api, ["type": "signup", "email": email, "password": "123"])
                #expect(weak.status == .unprocessableContent && weak.errorCode == "weak_password", "\(weak)")
                let session = try await api.signedInUser()
                let notAdmin = try await api.send(
                    .post, "/admin/generate_link", json: ["type": "magiclink", "email": email], bearer: session.accessToken)
                #expect(notAdmin.status == .forbidden, "\(notAdmin)")
            }
        }
    }
}
