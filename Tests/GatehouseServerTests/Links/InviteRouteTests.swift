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
    /// `POST /invite` and `POST /admin/invite`: an admin creates the account
    /// and an invitation is emailed; its link (`type=invite`) signs the user in to set a password.
    @Suite("POST /invite")
    struct Invite {
        static func invite(_ api: API, _ json: [String: Any], path: String = "/invite", bearer: String? = nil) async throws -> Reply {
            try await api.send(.post, path, json: json, bearer: bearer ?? api.serviceRoleToken)
        }

        @Test(
            "creates the user with invited_at; the emailed link's page signs in (type=invite); PUT /user sets the password",
            arguments: Backend.all)
        func acceptInvitation(backend: Backend) async throws {
            try await Routes.run(backend, configure: Routes.appSite) { api in
                let email = TestServer.uniqueEmail("invitee")
                let reply = try await api.send(
                    .post, "/invite?redirect_to=\(Routes.callback)", json: ["email": email, "data": ["team": "blue"]],
                    bearer: api.serviceRoleToken)
                #expect(reply.status == .ok, "\(reply)")
                #expect(reply["email"]?.stringValue == email)
                #expect(reply["invited_at"]?.stringValue != nil && reply["confirmation_sent_at"]?.stringValue != nil, "\(reply)")
                #expect(reply["email_confirmed_at"] == nil, "\(reply)")
                #expect(reply["user_metadata"]?["team"]?.stringValue == "blue", "\(reply)")
                #expect(reply["identities"]?.arrayValue?.count == 1, "\(reply)")

                let message = try await RouteMail.newest(api, to: email)
                #expect(message["subject"]?.stringValue?.contains("invited") == true, "\(message)")
                let link = try await DevMail.link(api, to: email)
                #expect(link.contains("type=invite"), "\(link)")
                let page = try await api.atRoot.send(.get, try RouteMail.path(of: link))
                #expect(page.status == .ok && WebFormClient.hiddenField("type", in: page) == "invite", "\(page)")
                let posted = try await ScannerSafeLinkTests.click(api, page: page)
                let location = try #require(posted.header("Location"), "\(posted)")
                #expect(location.hasPrefix(Routes.callback + "#access_token=") && location.contains("type=invite"), "\(location)")
                let fragment = try #require(location.split(separator: "#").last)
                let accessToken = try #require(
                    URLComponents(string: "?" + fragment)?.queryItems?.first { $0.name == "access_token" }?.value)
                let user = try await api.user(accessToken)
                #expect(user["email_confirmed_at"]?.stringValue != nil && user["invited_at"]?.stringValue != nil, "\(user)")
                #expect(user["user_metadata"]?["team"]?.stringValue == "blue", "\(user)")

                #expect(try await api.signIn(email, TestServer.otherPassword).status == .badRequest)
                let set = try await api.send(.put, "/user", json: ["password": TestServer.otherPassword], bearer: accessToken)
                #expect(set.status == .ok, "\(set)")
                #expect(try await api.signIn(email, TestServer.otherPassword).status == .ok)
            }
        }

        @Test(
            "the invitation's code works with type=invite; /admin/invite (supabase-swift's path) is the same route", arguments: Backend.all)
        func codeAndSwiftPath(backend: Backend) async throws {
            try await Routes.run(backend, configure: Routes.appSite) { api in
                let email = TestServer.uniqueEmail("swiftinvite")
                #expect(try await Self.invite(api, ["email": email, "data": NSNull()], path: "/admin/invite").status == .ok)
                let text = try await DevMail.newestText(api, to: email)
                let code = try RouteMail.code(in: text)
                let session = try TestSession(
                    try await api.send(.post, "/verify", json: ["type": "invite", "email": email, "token": code]))
                #expect(session.userId.isEmpty == false)
            }
        }

        @Test("a confirmed address is 422 email_exists; an unconfirmed one is invited again with a new link", arguments: Backend.all)
        func existing(backend: Backend) async throws {
            try await Routes.run(backend, configure: Routes.appSite) { api in
                let confirmed = TestServer.uniqueEmail("confirmed")
                try await api.createUser(confirmed)
                let taken = try await Self.invite(api, ["email": confirmed])
                #expect(taken.status == .unprocessableContent && taken.errorCode == "email_exists", "\(taken)")

                let pending = TestServer.uniqueEmail("pending")
                #expect(try await Self.invite(api, ["email": pending]).status == .ok)
                let firstLink = try await DevMail.link(api, to: pending)
                #expect(try await Self.invite(api, ["email": pending]).status == .ok)
                let secondLink = try await DevMail.link(api, to: pending, count: 2)
                #expect(firstLink != secondLink)
                let old = try await api.send(.post, "/verify", json: ["type": "invite", "token_hash": try RouteMail.token(in: firstLink)])
                #expect(old.status == .forbidden, "\(old)")
                let new = try await api.send(.post, "/verify", json: ["type": "invite", "token_hash": try RouteMail.token(in: secondLink)])
                #expect(new.status == .ok, "\(new)")
            }
        }

        @Test("inviting an address a stranger signed up with: accepting leaves the stranger's password unusable", arguments: Backend.all)
        func strangerPasswordDropped(backend: Backend) async throws {
            try await Routes.run(backend, configure: Routes.appSite) { api in
                let email = TestServer.uniqueEmail("squat-invite")
                #expect(try await api.signUp(email, TestServer.otherPassword).status == .ok)
                #expect(try await Self.invite(api, ["email": email]).status == .ok)
                _ = try await DevMail.newestText(api, to: email, count: 2)
                let messages = try await RouteMail.messages(api, to: email)
                let invite = try #require(messages.first { $0["subject"]?.stringValue?.contains("invited") == true }, "\(messages)")
                let invitation = try #require(invite["text"]?.stringValue)
                let session = try await api.send(
                    .post, "/verify", json: ["type": "invite", "email": email, "token": try RouteMail.code(in: invitation)])
                #expect(session.status == .ok, "\(session)")
                let stranger = try await api.signIn(email, TestServer.otherPassword)
                #expect(stranger.status == .badRequest && stranger.errorCode == "invalid_credentials", "\(stranger)")
            }
        }

        @Test("admins only: no token 401, a user's token 403; a bad address 400", arguments: Backend.all)
        func adminOnly(backend: Backend) async throws {
            try await Routes.run(backend, configure: Routes.appSite) { api in
                let email = TestServer.uniqueEmail("noadmin")
                let anonymous = try await api.send(.post, "/invite", json: ["email": email])
                #expect(anonymous.status == .unauthorized, "\(anonymous)")
                let session = try await api.signedInUser()
                let user = try await Self.invite(api, ["email": email], bearer: session.accessToken)
                #expect(user.status == .forbidden, "\(user)")
                let bad = try await Self.invite(api, ["email": "nope"])
                #expect(bad.status == .badRequest && bad.errorCode == "validation_failed", "\(bad)")
            }
        }
    }
}
