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
    /// `/auth/v1/verify`: GET (the emailed link: a page with one button, spends nothing, or
    /// GoTrue's error redirect), HEAD (never spends), POST from that page's form (spends, 303
    /// into the app) and POST JSON (`token_hash`, or `email` + `token`, for a session).
    @Suite("GET, HEAD and POST /verify")
    struct Verify {
        static let errorFragment =
            "#error=access_denied&error_code=otp_expired&error_description=Email%20link%20is%20invalid%20or%20has%20expired"

        /// A registered address and the link of a recovery email sent to it with `redirect_to`.
        static func recoveryLink(_ api: API) async throws -> (email: String, link: String) {
            let email = TestServer.uniqueEmail("verify")
            try await api.createUser(email)
            return (email, try await RouteMail.recoveryLink(api, for: email, query: "?redirect_to=\(Routes.callback)"))
        }

        static func verify(_ api: API, _ json: [String: Any]) async throws -> Reply {
            try await api.send(.post, "/verify", json: json)
        }

        @Test("GET shows the page and spends nothing: the token still redeems afterwards", arguments: Backend.all)
        func getSpendsNothing(backend: Backend) async throws {
            try await Routes.run(backend, configure: Routes.appSite) { api in
                let (email, link) = try await Self.recoveryLink(api)
                let path = try RouteMail.path(of: link)
                for _ in 0..<3 {
                    let page = try await api.atRoot.send(.get, path)
                    #expect(page.status == .ok, "\(page)")
                    #expect(page.header("Content-Type")?.hasPrefix("text/html") == true)
                    #expect(page.header("Location") == nil)
                    #expect(page.header("Cache-Control")?.contains("no-store") == true)
                    #expect(page.header("Referrer-Policy") == "no-referrer")
                    #expect(page.text.contains("<form method=\"post\""), "\(page)")
                    #expect(WebFormClient.hiddenField("type", in: page) == "recovery")
                }
                let head = try await api.atRoot.send(.head, path)
                #expect(head.status == .ok && head.header("Location") == nil, "\(head)")
                let session = try TestSession(
                    try await Self.verify(api, ["type": "recovery", "token_hash": try RouteMail.token(in: link)]))
                #expect(try await api.user(session.accessToken)["email"]?.stringValue == email)
            }
        }

        @Test("GET of an unknown token, or with the wrong type, redirects to the site with GoTrue's error fragment", arguments: Backend.all)
        func getRedirectsWithError(backend: Backend) async throws {
            try await Routes.run(backend, configure: Routes.appSite) { api in
                let unknown = try await api.send(.get, "/verify?token=no-such-token&type=recovery")
                #expect(unknown.status == .seeOther, "\(unknown)")
                #expect(unknown.header("Location") == "https://app.example.com" + Self.errorFragment + "&sb=", "\(unknown.headers)")
                #expect(unknown.header("Referrer-Policy") == "no-referrer")

                let allowed = try await api.send(.get, "/verify?token=no-such-token&type=signup&redirect_to=\(Routes.callback)")
                #expect(allowed.header("Location")?.hasPrefix(Routes.callback + Self.errorFragment) == true, "\(allowed.headers)")
                let stranger = try await api.send(.get, "/verify?token=no-such-token&type=signup&redirect_to=https://evil.example/steal")
                #expect(stranger.header("Location")?.hasPrefix("https://app.example.com#error=") == true, "\(stranger.headers)")

                // A recovery token is no sign-up token.
                let (_, link) = try await Self.recoveryLink(api)
                let token = try RouteMail.token(in: link)
                let wrongType = try await api.send(.get, "/verify?token=\(token)&type=signup")
                #expect(
                    wrongType.status == .seeOther && wrongType.header("Location")?.contains("error_code=otp_expired") == true,
                    "\(wrongType)")
                // … and that GET spent nothing either.
                #expect(try await Self.verify(api, ["type": "recovery", "token_hash": token]).status == .ok)
            }
        }

        @Test("GET without a token or with an unknown type is a 400 validation_failed")
        func getValidation() async throws {
            try await Routes.run(.sqlite, configure: Routes.appSite) { api in
                for query in ["?type=recovery", "?token=&type=recovery", "?token=abc", "?token=abc&type=bogus"] {
                    let reply = try await api.send(.get, "/verify" + query)
                    #expect(reply.status == .badRequest, "\(query): \(reply)")
                    #expect(reply.errorCode == "validation_failed", "\(query): \(reply)")
                }
            }
        }

        @Test("the page's POST spends the link once: the session in the fragment, then the error redirect", arguments: Backend.all)
        func formPostIsSingleUse(backend: Backend) async throws {
            try await Routes.run(backend, configure: Routes.appSite) { api in
                let (email, link) = try await Self.recoveryLink(api)
                let page = try await api.atRoot.send(.get, try RouteMail.path(of: link))
                let first = try await ScannerSafeLinkTests.click(api, page: page)
                #expect(first.status == .seeOther, "\(first)")
                let location = try #require(first.header("Location"))
                #expect(location.hasPrefix(Routes.callback + "#access_token="), "\(location)")
                for key in ["expires_at=", "expires_in=", "refresh_token=", "token_type=bearer", "type=recovery"] {
                    #expect(location.contains(key), "\(key) missing: \(location)")
                }
                let fragment = try #require(location.split(separator: "#").last)
                let accessToken = try #require(
                    URLComponents(string: "?" + fragment)?.queryItems?.first { $0.name == "access_token" }?.value)
                #expect(try await api.user(accessToken)["email"]?.stringValue == email)

                let second = try await ScannerSafeLinkTests.click(api, page: page)
                #expect(second.status == .seeOther)
                #expect(second.header("Location") == Routes.callback + Self.errorFragment + "&sb=", "\(second.headers)")
                let json = try await Self.verify(api, ["type": "recovery", "token_hash": try RouteMail.token(in: link)])
                #expect(json.status == .forbidden && json.errorCode == "otp_expired", "\(json)")
            }
        }

        @Test("POST {type, token_hash}: a session, once; then 403 otp_expired", arguments: Backend.all)
        func tokenHash(backend: Backend) async throws {
            try await Routes.run(backend, configure: Routes.appSite) { api in
                let (email, link) = try await Self.recoveryLink(api)
                let token = try RouteMail.token(in: link)
                let first = try await Self.verify(api, ["type": "recovery", "token_hash": token])
                let session = try TestSession(first)
                #expect(first["token_type"]?.stringValue == "bearer")
                #expect(first["user"]?["email"]?.stringValue == email)
                #expect(try await api.refresh(session.refreshToken).status == .ok)

                let again = try await Self.verify(api, ["type": "recovery", "token_hash": token])
                #expect(again.status == .forbidden, "\(again)")
                #expect(again.errorCode == "otp_expired" && again.message == "Email link is invalid or has expired", "\(again)")
                let made = try await Self.verify(api, ["type": "recovery", "token_hash": "made-up"])
                #expect(made.status == .forbidden && made.errorCode == "otp_expired", "\(made)")
            }
        }

        @Test("POST {type, email, token}: the emailed code gives a session, once; a wrong code spends nothing", arguments: Backend.all)
        func emailAndCode(backend: Backend) async throws {
            try await Routes.run(backend, configure: Routes.appSite) { api in
                let email = TestServer.uniqueEmail("code")
                try await api.createUser(email)
                #expect(try await api.send(.post, "/recover", json: ["email": email]).status == .ok)
                let text = try #require(try await RouteMail.newest(api, to: email)["text"]?.stringValue)
                let code = try RouteMail.code(in: text)
                let wrongCode = code == "000000" ? "111111" : "000000"

                let wrong = try await Self.verify(api, ["type": "recovery", "email": email, "token": wrongCode])
                #expect(wrong.status == .forbidden, "\(wrong)")
                #expect(wrong.errorCode == "otp_expired" && wrong.message == "Token has expired or is invalid", "\(wrong)")

                let first = try await Self.verify(api, ["type": "recovery", "email": email.uppercased(), "token": code])
                #expect(try TestSession(first).userId.isEmpty == false)
                let again = try await Self.verify(api, ["type": "recovery", "email": email, "token": code])
                #expect(again.status == .forbidden && again.errorCode == "otp_expired", "\(again)")
                let unknown = try await Self.verify(api, ["type": "recovery", "email": TestServer.uniqueEmail("nobody"), "token": code])
                #expect(unknown.status == .forbidden && unknown.errorCode == "otp_expired", "\(unknown)")
                let badAddress = try await Self.verify(api, ["type": "recovery", "email": "not-an-address", "token": code])
                #expect(badAddress.status == .unprocessableContent && badAddress.errorCode == "validation_failed", "\(badAddress)")
            }
        }

        @Test("type=signup: the confirmation link's token confirms the address and signs in", arguments: Backend.all)
        func signupType(backend: Backend) async throws {
            try await Routes.run(backend, configure: Routes.appSite) { api in
                let email = TestServer.uniqueEmail("confirm")
                #expect(try await api.signUp(email).status == .ok)
                #expect(try await api.signIn(email).errorCode == "email_not_confirmed")
                let link = try await DevMail.link(api, to: email)
                #expect(link.contains("/auth/v1/verify?") && link.contains("type=signup"), "\(link)")
                let token = try RouteMail.token(in: link)
                // A confirmation token is no recovery token.
                let asRecovery = try await Self.verify(api, ["type": "recovery", "token_hash": token])
                #expect(asRecovery.status == .forbidden, "\(asRecovery)")
                let confirmed = try await Self.verify(api, ["type": "signup", "token_hash": token])
                #expect(try TestSession(confirmed).userId.isEmpty == false)
                #expect(confirmed["user"]?["email_confirmed_at"]?.stringValue != nil, "\(confirmed)")
                #expect(try await api.signIn(email).status == .ok)
                #expect(try await Self.verify(api, ["type": "signup", "token_hash": token]).status == .forbidden)
            }
        }

        @Test("an expired link: GET redirects with the error, POST with token_hash or the code is 403", arguments: Backend.all)
        func expired(backend: Backend) async throws {
            // Links that expire as they are made: the expiry is checked, not slept for.
            try await Routes.run(
                backend,
                configure: {
                    Routes.appSite(&$0)
                    $0.otpExpiry = 0
                }
            ) { api in
                let (email, link) = try await Self.recoveryLink(api)
                let opened = try await api.atRoot.send(.get, try RouteMail.path(of: link))
                #expect(opened.status == .seeOther, "\(opened)")
                #expect(opened.header("Location") == Routes.callback + Self.errorFragment + "&sb=", "\(opened.headers)")
                let text = try #require(try await RouteMail.newest(api, to: email)["text"]?.stringValue)
                let byHash = try await Self.verify(api, ["type": "recovery", "token_hash": try RouteMail.token(in: link)])
                #expect(byHash.status == .forbidden && byHash.errorCode == "otp_expired", "\(byHash)")
                let byCode = try await Self.verify(api, ["type": "recovery", "email": email, "token": try RouteMail.code(in: text)])
                #expect(byCode.status == .forbidden && byCode.errorCode == "otp_expired", "\(byCode)")
            }
        }

        @Test("POST validation: a type, and either token_hash alone or email and token")
        func postValidation() async throws {
            try await Routes.run(.sqlite, configure: Routes.appSite) { api in
                let cases: [([String: Any], String)] = [
                    (["token_hash": "abc"], "Verify requires a verification type"),
                    (["type": "nonsense", "token_hash": "abc"], "Verify requires a verification type"),
                    (
                        ["type": "recovery", "token_hash": "abc", "email": "a@example.com"],
                        "Only the token_hash and type should be provided"
                    ),
                    (["type": "recovery"], "Verify requires either a token_hash, or an email and a token"),
                    (["type": "recovery", "email": "a@example.com"], "Verify requires either a token_hash, or an email and a token"),
                ]
                for (body, message) in cases {
                    let reply = try await Self.verify(api, body)
                    #expect(reply.status == .badRequest, "\(body): \(reply)")
                    #expect(reply.errorCode == "validation_failed" && reply.message == message, "\(body): \(reply)")
                }
            }
        }

        @Test("POST {type: signup, email, token}: the confirmation code confirms; type=email takes a recovery code", arguments: Backend.all)
        func signupAndEmailCodes(backend: Backend) async throws {
            try await Routes.run(backend, configure: Routes.appSite) { api in
                let email = TestServer.uniqueEmail("signup-code")
                #expect(try await api.signUp(email).status == .ok)
                let confirmation = try #require(try await RouteMail.newest(api, to: email)["text"]?.stringValue)
                let code = try RouteMail.code(in: confirmation)
                let asRecovery = try await Self.verify(api, ["type": "recovery", "email": email, "token": code])
                #expect(asRecovery.status == .forbidden, "a confirmation code redeemed as recovery: \(asRecovery)")
                let confirmed = try await Self.verify(api, ["type": "signup", "email": email, "token": code])
                #expect(try TestSession(confirmed).userId.isEmpty == false)
                #expect(try await api.signIn(email).status == .ok)

                #expect(try await api.send(.post, "/recover", json: ["email": email]).status == .ok)
                let recovery = try #require(try await RouteMail.newest(api, to: email, count: 2)["text"]?.stringValue)
                let byEmailType = try await Self.verify(api, ["type": "email", "email": email, "token": try RouteMail.code(in: recovery)])
                #expect(byEmailType.status == .ok, "\(byEmailType)")
            }
        }

        @Test("the same routes at the server's root: GET /verify redirects an unknown token, POST /verify redeems", arguments: Backend.all)
        func atRoot(backend: Backend) async throws {
            try await Routes.run(backend, configure: Routes.appSite) { api in
                let unknown = try await api.atRoot.send(.get, "/verify?token=no-such-token&type=recovery")
                #expect(unknown.status == .seeOther && unknown.header("Location")?.contains("error_code=otp_expired") == true, "\(unknown)")
                let (_, link) = try await Self.recoveryLink(api)
                let token = try RouteMail.token(in: link)
                let page = try await api.atRoot.send(.get, "/verify?token=\(token)&type=recovery")
                #expect(page.status == .ok, "\(page)")
                let redeemed = try await api.atRoot.send(.post, "/verify", json: ["type": "recovery", "token_hash": token])
                #expect(redeemed.status == .ok && redeemed["access_token"] != nil, "\(redeemed)")
            }
        }
    }
}
