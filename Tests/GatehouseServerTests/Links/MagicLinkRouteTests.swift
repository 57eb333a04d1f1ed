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
    /// `POST /otp` and `POST /magiclink`: a magic link and a 6-digit code in
    /// one email, enumeration-safe, under the recovery send window; `/verify` with `magiclink`
    /// or `email` signs in, and the link's GET only shows a page.
    @Suite("POST /otp: magic links and email codes")
    struct MagicLink {
        static func verify(_ api: API, _ json: [String: Any]) async throws -> Reply {
            try await api.send(.post, "/verify", json: json)
        }

        /// Asks for a magic link for `email` and returns the email's text once it arrived.
        static func requestLink(_ api: API, _ email: String, json: [String: Any] = [:], query: String = "") async throws -> String {
            let before = try await RouteMail.messages(api, to: email).count
            let reply = try await api.send(.post, "/otp" + query, json: json.merging(["email": email]) { $1 })
            try #require(reply.status == .ok, "\(reply)")
            #expect(reply.json == .object([:]), "\(reply)")
            return try await DevMail.newestText(api, to: email, count: before + 1)
        }

        @Test("a registered address gets a magic link: the GET page spends nothing, POST token_hash signs in once", arguments: Backend.all)
        func registeredLink(backend: Backend) async throws {
            try await Routes.run(backend, configure: Routes.appSite) { api in
                let email = TestServer.uniqueEmail("magic")
                try await api.createUser(email)
                let text = try await Self.requestLink(api, email, query: "?redirect_to=\(Routes.callback)")
                let link = try await DevMail.link(api, to: email)
                #expect(link.contains("/auth/v1/verify?") && link.contains("type=magiclink"), "\(link)")
                let message = try await RouteMail.newest(api, to: email)
                #expect(message["subject"]?.stringValue?.contains("sign-in link") == true, "\(message)")
                #expect(message["html"]?.stringValue?.contains("Sign in") == true, "\(message)")
                _ = try RouteMail.code(in: text)

                let page = try await api.atRoot.send(.get, try RouteMail.path(of: link))
                #expect(page.status == .ok && page.header("Location") == nil, "\(page)")
                #expect(WebFormClient.hiddenField("type", in: page) == "magiclink")
                let token = try RouteMail.token(in: link)
                let session = try TestSession(try await Self.verify(api, ["type": "magiclink", "token_hash": token]))
                #expect(try await api.user(session.accessToken)["email"]?.stringValue == email)
                let again = try await Self.verify(api, ["type": "magiclink", "token_hash": token])
                #expect(again.status == .forbidden && again.errorCode == "otp_expired", "\(again)")
            }
        }

        @Test("an unknown address becomes a confirmed account with its data once the code is used (type=email)", arguments: Backend.all)
        func newAccountByCode(backend: Backend) async throws {
            try await Routes.run(backend, configure: Routes.appSite) { api in
                let email = TestServer.uniqueEmail("newmagic")
                let text = try await Self.requestLink(api, email, json: ["data": ["plan": "pro"]])
                let code = try RouteMail.code(in: text)
                let wrong = try await Self.verify(
                    api, ["type": "magiclink", "email": email, "token": code == "000000" ? "111111" : "000000"])
                #expect(wrong.status == .forbidden && wrong.message == "Token has expired or is invalid", "\(wrong)")
                let reply = try await Self.verify(api, ["type": "email", "email": email, "token": code])
                let session = try TestSession(reply)
                let user = try await api.user(session.accessToken)
                #expect(user["email_confirmed_at"]?.stringValue != nil, "\(user)")
                #expect(user["user_metadata"]?["plan"]?.stringValue == "pro", "\(user)")
                #expect(try await Self.verify(api, ["type": "email", "email": email, "token": code]).status == .forbidden)
            }
        }

        @Test("/magiclink is the same route; with autoconfirm the account exists confirmed at once", arguments: Backend.all)
        func olderRoute(backend: Backend) async throws {
            try await Routes.run(
                backend,
                configure: {
                    Routes.appSite(&$0)
                    $0.autoconfirm = true
                }
            ) { api in
                let email = TestServer.uniqueEmail("older")
                let reply = try await api.send(.post, "/magiclink", json: ["email": email])
                #expect(reply.status == .ok, "\(reply)")
                let text = try await DevMail.newestText(api, to: email)
                let session = try TestSession(
                    try await Self.verify(api, ["type": "magiclink", "email": email, "token": try RouteMail.code(in: text)]))
                #expect(session.userId.isEmpty == false)
            }
        }

        @Test("create_user false, or sign-ups disabled: the same 200 {} and no account, no email", arguments: Backend.all)
        func noCreation(backend: Backend) async throws {
            try await Routes.run(
                backend,
                configure: {
                    Routes.appSite(&$0)
                    $0.signupDisabled = true
                }
            ) { api in
                let first = TestServer.uniqueEmail("nocreate")
                let second = TestServer.uniqueEmail("disabled")
                let a = try await api.send(.post, "/otp", json: ["email": first, "create_user": false])
                let b = try await api.send(.post, "/otp", json: ["email": second])
                #expect(a.status == .ok && a.json == .object([:]), "\(a)")
                #expect(b.status == .ok && b.json == .object([:]), "\(b)")
                try await RouteMail.drainOutbox(api)
                #expect(try await RouteMail.messages(api, to: first).isEmpty)
                #expect(try await RouteMail.messages(api, to: second).isEmpty)
                let users = try await api.send(.get, "/admin/users?per_page=1000", bearer: api.serviceRoleToken)
                let emails = users["users"]?.arrayValue?.compactMap { $0["email"]?.stringValue } ?? []
                #expect(!emails.contains(first) && !emails.contains(second), "\(emails)")
            }
        }

        @Test("the send window is shared with /recover, for registered and unknown addresses alike", arguments: Backend.all)
        func sharedWindow(backend: Backend) async throws {
            try await Routes.run(backend, configure: { $0.siteURL = "https://app.example.com" }) { api in
                let registered = TestServer.uniqueEmail("window")
                try await api.createUser(registered)
                for email in [registered, TestServer.uniqueEmail("windowless")] {
                    #expect(try await api.send(.post, "/recover", json: ["email": email]).status == .ok)
                    let reply = try await api.send(.post, "/otp", json: ["email": email])
                    #expect(reply.status == .tooManyRequests, "\(reply)")
                    #expect(reply.errorCode == "over_email_send_rate_limit", "\(reply)")
                }
            }
        }

        @Test("missing or malformed address: 400 validation_failed", arguments: Backend.all)
        func validation(backend: Backend) async throws {
            try await Routes.run(backend, configure: Routes.appSite) { api in
                let missing = try await api.send(.post, "/otp", json: [:])
                #expect(missing.status == .badRequest && missing.errorCode == "validation_failed", "\(missing)")
                let bad = try await api.send(.post, "/otp", json: ["email": "not-an-address"])
                #expect(bad.status == .badRequest && bad.errorCode == "validation_failed", "\(bad)")
                let halfPKCE = try await api.send(
                    .post, "/otp", json: ["email": TestServer.uniqueEmail(), "code_challenge": Routes.pkceChallenge])
                #expect(halfPKCE.status == .badRequest, "\(halfPKCE)")
            }
        }

        @Test("code guesses are budgeted as recovery's: five wrong codes spend the code, the link still works", arguments: Backend.all)
        func guessBudget(backend: Backend) async throws {
            try await Routes.run(backend, configure: Routes.appSite) { api in
                let email = TestServer.uniqueEmail("guess")
                try await api.createUser(email)
                let text = try await Self.requestLink(api, email)
                let code = try RouteMail.code(in: text)
                let wrong = code == "000000" ? "111111" : "000000"
                for _ in 0..<5 {
                    let reply = try await Self.verify(api, ["type": "magiclink", "email": email, "token": wrong])
                    #expect(reply.status == .forbidden && reply.errorCode == "otp_expired", "\(reply)")
                }
                let right = try await Self.verify(api, ["type": "magiclink", "email": email, "token": code])
                #expect(right.status == .forbidden && right.errorCode == "otp_expired", "\(right)")
                let link = try await DevMail.link(api, to: email)
                #expect(try await Self.verify(api, ["type": "magiclink", "token_hash": try RouteMail.token(in: link)]).status == .ok)
            }
        }

        @Test("an expired magic link: the GET redirects with the error, the code and token hash are 403", arguments: Backend.all)
        func expired(backend: Backend) async throws {
            try await Routes.run(
                backend,
                configure: {
                    Routes.appSite(&$0)
                    $0.otpExpiry = 0
                }
            ) { api in
                let email = TestServer.uniqueEmail("expired")
                try await api.createUser(email)
                let text = try await Self.requestLink(api, email)
                let link = try await DevMail.link(api, to: email)
                let opened = try await api.atRoot.send(.get, try RouteMail.path(of: link))
                #expect(opened.status == .seeOther && opened.header("Location")?.contains("error_code=otp_expired") == true, "\(opened)")
                let byCode = try await Self.verify(api, ["type": "email", "email": email, "token": try RouteMail.code(in: text)])
                #expect(byCode.status == .forbidden && byCode.errorCode == "otp_expired", "\(byCode)")
                let byHash = try await Self.verify(api, ["type": "magiclink", "token_hash": try RouteMail.token(in: link)])
                #expect(byHash.status == .forbidden && byHash.errorCode == "otp_expired", "\(byHash)")
            }
        }

        @Test("a stranger's sign-up of the address leaves no password once the owner signs in by magic link", arguments: Backend.all)
        func strangerPasswordDropped(backend: Backend) async throws {
            try await Routes.run(backend, configure: Routes.appSite) { api in
                let email = TestServer.uniqueEmail("squatted")
                #expect(try await api.signUp(email, TestServer.otherPassword, data: ["planted": true]).status == .ok)
                // The stranger's confirmation email is delivered first, so the newest email below is the link's.
                _ = try await DevMail.newestText(api, to: email, count: 1)
                let text = try await Self.requestLink(api, email)
                let session = try TestSession(
                    try await Self.verify(api, ["type": "email", "email": email, "token": try RouteMail.code(in: text)]))
                let user = try await api.user(session.accessToken)
                #expect(user["email_confirmed_at"]?.stringValue != nil && user["user_metadata"]?["planted"] == nil, "\(user)")
                let stranger = try await api.signIn(email, TestServer.otherPassword)
                #expect(stranger.status == .badRequest && stranger.errorCode == "invalid_credentials", "\(stranger)")
            }
        }

        @Test("PKCE: the page's POST redirects with a code the app exchanges with its verifier", arguments: Backend.all)
        func pkce(backend: Backend) async throws {
            try await Routes.run(backend, configure: Routes.appSite) { api in
                let email = TestServer.uniqueEmail("pkce")
                try await api.createUser(email)
                _ = try await Self.requestLink(
                    api, email, json: ["code_challenge": Routes.pkceChallenge, "code_challenge_method": "s256"],
                    query: "?redirect_to=\(Routes.callback)")
                let link = try await DevMail.link(api, to: email)
                #expect(try RouteMail.token(in: link).hasPrefix("pkce_"), "\(link)")
                let page = try await api.atRoot.send(.get, try RouteMail.path(of: link))
                let posted = try await ScannerSafeLinkTests.click(api, page: page)
                let location = try #require(posted.header("Location"), "\(posted)")
                #expect(location.hasPrefix(Routes.callback + "?code="), "\(location)")
                let code = try #require(URLComponents(string: location)?.queryItems?.first { $0.name == "code" }?.value)
                let exchanged = try await api.send(
                    .post, "/token?grant_type=pkce", json: ["auth_code": code, "code_verifier": Routes.pkceVerifier])
                #expect(try TestSession(exchanged).userId.isEmpty == false)
            }
        }
    }
}
