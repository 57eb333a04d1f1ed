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
    /// `POST /auth/v1/recover` (and the same route at the root): `200 {}` for every well-formed
    /// address, registered or not; the email goes out through the outbox; one email per address
    /// per window; optional PKCE.
    @Suite("POST /recover")
    struct Recover {
        @Test("registered and unknown addresses get the same 200 {}; only the registered one gets mail", arguments: Backend.all)
        func sameAnswerForEveryone(backend: Backend) async throws {
            try await Routes.run(backend, configure: Routes.appSite) { api in
                let registered = TestServer.uniqueEmail("recover")
                let unknown = TestServer.uniqueEmail("nobody")
                try await api.createUser(registered)
                let forUnknown = try await api.send(.post, "/recover", json: ["email": unknown])
                let forRegistered = try await api.send(.post, "/recover", json: ["email": registered])
                for reply in [forUnknown, forRegistered] {
                    #expect(reply.status == .ok, "\(reply)")
                    #expect(reply.text == "{}", "\(reply)")
                    #expect(reply.header("Content-Type")?.hasPrefix("application/json") == true)
                }
                #expect(forUnknown.headers[.setCookie] == nil && forRegistered.headers[.setCookie] == nil)

                let message = try await RouteMail.newest(api, to: registered)
                #expect(message["to"]?.stringValue == registered)
                try await RouteMail.drainOutbox(api)
                #expect(try await RouteMail.messages(api, to: unknown).isEmpty, "an unknown address was written to")

                // The same route at the server's root.
                let atRoot = try await api.atRoot.send(.post, "/recover", json: ["email": TestServer.uniqueEmail("root")])
                #expect(atRoot.status == .ok && atRoot.text == "{}", "\(atRoot)")
            }
        }

        @Test(
            "the email links to the reset page by default, to /verify with redirect_to, and carries a 6-digit code", arguments: Backend.all)
        func queuedEmail(backend: Backend) async throws {
            try await Routes.run(backend, configure: Routes.appSite) { api in
                let email = TestServer.uniqueEmail("recover")
                try await api.createUser(email)
                let plain = try await RouteMail.recoveryLink(api, for: email)
                #expect(plain.hasPrefix("http://127.0.0.1:9999/reset-password?token="), "\(plain)")
                let text = try #require(try await RouteMail.newest(api, to: email)["text"]?.stringValue)
                _ = try RouteMail.code(in: text)
                #expect(text.contains("expire in 1 hour"), "\(text)")

                let app = try await RouteMail.recoveryLink(api, for: email, query: "?redirect_to=\(Routes.callback)")
                let appLink = try #require(URLComponents(string: app))
                #expect(appLink.path == "/auth/v1/verify", "\(app)")
                #expect(appLink.queryItems?.first { $0.name == "type" }?.value == "recovery")
                #expect(appLink.queryItems?.first { $0.name == "redirect_to" }?.value == Routes.callback)
                #expect(try RouteMail.token(in: app) != (try RouteMail.token(in: plain)))
            }
        }

        @Test("a missing or malformed address is a 400 validation_failed, and nothing is queued", arguments: Backend.all)
        func validation(backend: Backend) async throws {
            try await Routes.run(backend, configure: Routes.appSite) { api in
                let cases: [([String: Any], String)] = [
                    ([:], "Password recovery requires an email"),
                    (["email": ""], "Password recovery requires an email"),
                    (["email": "not-an-address"], "Unable to validate email address: invalid format"),
                    (["email": "two@@example.com"], "Unable to validate email address: invalid format"),
                ]
                for (body, message) in cases {
                    let reply = try await api.send(.post, "/recover", json: body)
                    #expect(reply.status == .badRequest, "\(body): \(reply)")
                    #expect(reply.errorCode == "validation_failed", "\(body): \(reply)")
                    #expect(reply.message == message, "\(body): \(reply)")
                }
                let broken = try await api.send(.post, "/recover", raw: ByteBuffer(string: "{\"email\":"))
                #expect(broken.status == .badRequest, "\(broken)")
                try await RouteMail.drainOutbox(api)
                #expect(try await RouteMail.messages(api, to: "not-an-address").isEmpty)
            }
        }

        @Test(
            "one email per address per window: the second request is 429 with Retry-After, for unknown addresses too",
            arguments: Backend.all)
        func perAddressWindow(backend: Backend) async throws {
            try await Routes.run(backend, configure: { $0.emailSendWindow = 60 }) { api in
                let registered = TestServer.uniqueEmail("window")
                try await api.createUser(registered)
                for email in [registered, TestServer.uniqueEmail("window-unknown")] {
                    #expect(try await api.send(.post, "/recover", json: ["email": email]).status == .ok)
                    let again = try await api.send(.post, "/recover", json: ["email": email.uppercased()])
                    #expect(again.status == .tooManyRequests, "\(again)")
                    #expect(again.errorCode == "over_email_send_rate_limit", "\(again)")
                    let wait = try #require(again.header("Retry-After").flatMap { Int($0) }, "\(again.headers)")
                    #expect((1...60).contains(wait), "Retry-After: \(wait)")
                    #expect(again.message == "For security purposes, you can only request this after \(wait) seconds.", "\(again)")
                }
                // Another address has a window of its own.
                #expect(try await api.send(.post, "/recover", json: ["email": TestServer.uniqueEmail("other")]).status == .ok)
                // A PKCE request has a window of its own, so a stranger's cannot hold the owner's back.
                let pkce = try await api.send(
                    .post, "/recover",
                    json: [
                        "email": registered, "code_challenge": Routes.pkceChallenge, "code_challenge_method": "s256",
                    ])
                #expect(pkce.status == .ok, "\(pkce)")
                // Only the first plain request and the PKCE one were queued.
                _ = try await RouteMail.newest(api, to: registered, count: 2)
                try await RouteMail.drainOutbox(api)
                #expect(try await RouteMail.messages(api, to: registered).count == 2)
            }
        }

        @Test(
            "PKCE: both fields or neither, S256 only, a well-formed challenge; the link's code is exchanged with the verifier",
            arguments: Backend.all)
        func pkce(backend: Backend) async throws {
            try await Routes.run(backend, configure: Routes.appSite) { api in
                let email = TestServer.uniqueEmail("pkce")
                try await api.createUser(email)
                let refusals: [([String: Any], String)] = [
                    (["code_challenge": Routes.pkceChallenge], "PKCE flow requires code_challenge_method and code_challenge"),
                    (["code_challenge_method": "s256"], "PKCE flow requires code_challenge_method and code_challenge"),
                    (["code_challenge": Routes.pkceChallenge, "code_challenge_method": "plain"], "code challenge method not supported"),
                    (
                        ["code_challenge": "too-short", "code_challenge_method": "s256"],
                        "code challenge does not match the required format"
                    ),
                ]
                for (fields, message) in refusals {
                    let reply = try await api.send(.post, "/recover", json: fields.merging(["email": email]) { $1 })
                    #expect(reply.status == .badRequest, "\(fields): \(reply)")
                    #expect(reply.errorCode == "validation_failed" && reply.message == message, "\(fields): \(reply)")
                }

                let link = try await RouteMail.recoveryLink(
                    api, for: email, query: "?redirect_to=\(Routes.callback)",
                    json: ["code_challenge": Routes.pkceChallenge, "code_challenge_method": "S256"]
                )
                #expect(try RouteMail.token(in: link).hasPrefix("pkce_"), "\(link)")
                let page = try await api.atRoot.send(.get, try RouteMail.path(of: link))
                let clicked = try await ScannerSafeLinkTests.click(api, page: page)
                let location = try #require(clicked.header("Location"), "\(clicked)")
                let code = try #require(URLComponents(string: location)?.queryItems?.first { $0.name == "code" }?.value, "\(location)")

                let wrong = try await api.send(
                    .post, "/token?grant_type=pkce", json: ["auth_code": code, "code_verifier": String(repeating: "x", count: 43)])
                #expect(wrong.status == .badRequest && wrong.errorCode == "bad_code_verifier", "\(wrong)")
                let link2 = try await RouteMail.recoveryLink(
                    api, for: email, query: "?redirect_to=\(Routes.callback)",
                    json: ["code_challenge": Routes.pkceChallenge, "code_challenge_method": "s256"]
                )
                let clicked2 = try await ScannerSafeLinkTests.click(
                    api, page: try await api.atRoot.send(.get, try RouteMail.path(of: link2)))
                let location2 = try #require(clicked2.header("Location"), "\(clicked2)")
                let code2 = try #require(URLComponents(string: location2)?.queryItems?.first { $0.name == "code" }?.value, "\(location2)")
                let session = try TestSession(
                    try await api.send(
                        .post, "/token?grant_type=pkce", json: ["auth_code": code2, "code_verifier": Routes.pkceVerifier]
                    ))
                #expect(try await api.user(session.accessToken)["email"]?.stringValue == email)
            }
        }

        @Test("the per-client request limit: past the burst, 429 over_request_rate_limit before the body is read", arguments: Backend.all)
        func clientRateLimit(backend: Backend) async throws {
            try await Routes.run(
                backend,
                configure: {
                    $0.rateLimits.otpPerFiveMinutes = 1
                    $0.rateLimits.burst = 1
                    $0.emailSendWindow = 0
                }
            ) { api in
                #expect(try await api.send(.post, "/recover", json: ["email": TestServer.uniqueEmail()]).status == .ok)
                let limited = try await api.send(.post, "/recover", raw: ByteBuffer(string: "{not json"))
                #expect(limited.status == .tooManyRequests, "\(limited)")
                #expect(limited.errorCode == "over_request_rate_limit", "\(limited)")
                #expect(limited.header("Retry-After") != nil)
            }
        }
    }
}
