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

/// The console session's life: the TOTP step, the idle and absolute limits (a
/// `ManualServerClock`, never a sleep), losing access at once, and cookies that open nothing
/// else.
@Suite("Admin console: sessions")
struct ConsoleSessionTests {
    @Test("an operator with a verified TOTP factor must give its code before any console page opens", arguments: Backend.all)
    func totpStep(_ backend: Backend) async throws {
        let time = ManualServerClock(Timestamp.now())
        try await ConsoleFixture.withAccounts(backend) { database, accounts in
            try await TestServer.run(on: database, clock: time.clock) { api in
                let secret = try await Self.enrollTOTP(api, email: accounts.operatorEmail, time: time)
                time.advance(seconds: 30)  // the enrolment's code is spent; the next step's is fresh
                var browser = WebFormClient(api)
                let signIn = try await browser.consoleSignIn(accounts.operatorEmail)
                #expect(signIn.location == "/admin/login/factor", "\(signIn)")
                #expect(try await browser.get("/admin").location == "/admin/login/factor")
                #expect(try await browser.get("/admin/events").location == "/admin/login/factor")
                let step = try await browser.get("/admin/login/factor")
                #expect(step.status == .ok && step.text.contains("<label for=\"code\">"), "\(step)")
                let wrongCode = Self.code(secret, time) == "000000" ? "000001" : "000000"
                let refused = try await browser.consolePost("/admin/login/factor", from: "/admin/login/factor", ["code": wrongCode])
                #expect(refused.status == .unprocessableContent, "\(refused)")
                #expect(try await browser.get("/admin").location == "/admin/login/factor")
                let passed = try await browser.consolePost(
                    "/admin/login/factor", from: "/admin/login/factor", ["code": Self.code(secret, time)])
                #expect(passed.location == "/admin", "\(passed)")
                #expect(try await browser.get("/admin").status == .ok)
            }
        }
    }

    @Test("idle past 15 minutes, or 8 hours after the password, the session ends: back to the sign-in", arguments: Backend.all)
    func limits(_ backend: Backend) async throws {
        let time = ManualServerClock(Timestamp.now())
        try await ConsoleFixture.withAccounts(backend) { database, accounts in
            try await TestServer.run(on: database, clock: time.clock) { api in
                var browser = WebFormClient(api)
                #expect(try await browser.consoleSignIn(accounts.operatorEmail).location == "/admin")
                // Each page view moves the idle limit on...
                for _ in 0..<3 {
                    time.advance(seconds: 14 * 60)
                    #expect(try await browser.get("/admin").status == .ok)
                }
                // ...16 minutes without one ends it.
                time.advance(seconds: 16 * 60)
                let idle = try await browser.get("/admin")
                #expect(idle.location == "/admin/login?reason=timeout", "\(idle)")
                #expect(try await browser.get("/admin/login?reason=timeout").text.contains("Your console session has ended"))

                var busy = WebFormClient(api)
                #expect(try await busy.consoleSignIn(accounts.operatorEmail).location == "/admin")
                for _ in 0..<34 {  // 34 × 14 min = 7 h 56 min, every view within the idle limit
                    time.advance(seconds: 14 * 60)
                    #expect(try await busy.get("/admin").status == .ok)
                }
                time.advance(seconds: 5 * 60)
                #expect(try await busy.get("/admin").location == "/admin/login?reason=timeout")
            }
        }
    }

    @Test("GATEHOUSE_ADMIN_CONSOLE_IDLE_TIMEOUT sets the idle limit", arguments: Backend.all)
    func configuredIdleLimit(_ backend: Backend) async throws {
        let time = ManualServerClock(Timestamp.now())
        try await ConsoleFixture.withAccounts(backend) { database, accounts in
            try await TestServer.run(on: database, configure: { $0.adminConsoleIdleTimeout = 60 }, clock: time.clock) { api async throws in
                var browser = WebFormClient(api)
                #expect(try await browser.consoleSignIn(accounts.operatorEmail).location == "/admin")
                time.advance(seconds: 59)
                #expect(try await browser.get("/admin").status == .ok)
                time.advance(seconds: 61)
                #expect(try await browser.get("/admin").location == "/admin/login?reason=timeout")
            }
        }
    }

    @Test("a demoted operator gets the 403 page at once; a banned or revoked one is signed out at once", arguments: Backend.all)
    func losingAccess(_ backend: Backend) async throws {
        try await ConsoleFixture.withAccounts(backend) { database, accounts in
            try await TestServer.run(on: database) { api in
                var demoted = WebFormClient(api)
                #expect(try await demoted.consoleSignIn(accounts.operatorEmail).location == "/admin")
                try await ConsoleFixture.users(database) { users in _ = try await users.demote(accounts.operatorEmail) }
                let forbidden = try await demoted.get("/admin")
                #expect(forbidden.status == .forbidden && forbidden.text.contains("Not an operator"), "\(forbidden)")

                try await ConsoleFixture.users(database) { users in _ = try await users.promote(accounts.operatorEmail) }
                var banned = WebFormClient(api)
                #expect(try await banned.consoleSignIn(accounts.operatorEmail).location == "/admin")
                let ban = try await api.atRoot.send(
                    .put, "/admin/users/\(accounts.operatorId)", json: ["ban_duration": "1h"], bearer: api.serviceRoleToken)
                #expect(ban.status == .ok, "\(ban)")
                #expect(try await banned.get("/admin").location == "/admin/login")
                // Banned, the password no longer opens the console either (the same neutral refusal).
                #expect(try await WebFormClient(api).consoleSignInReply(accounts.operatorEmail).status == .badRequest)

                _ = try await api.atRoot.send(
                    .put, "/admin/users/\(accounts.operatorId)", json: ["ban_duration": "none"], bearer: api.serviceRoleToken)
                var revoked = WebFormClient(api)
                #expect(try await revoked.consoleSignIn(accounts.operatorEmail).location == "/admin")
                try await ConsoleFixture.users(database) { users in _ = try await users.revokeSessions(accounts.operatorEmail) }
                #expect(try await revoked.get("/admin").location == "/admin/login")
            }
        }
    }

    @Test("the console cookie opens nothing of the JSON admin API; the pages' sign-in cookie opens no console page", arguments: Backend.all)
    func cookiesStayApart(_ backend: Backend) async throws {
        try await ConsoleFixture.withAccounts(backend) { database, accounts in
            try await TestServer.run(on: database) { api in
                var browser = WebFormClient(api)
                #expect(try await browser.consoleSignIn(accounts.operatorEmail).location == "/admin")
                let consoleCookie = try #require(browser.cookies["gatehouse_console"])
                let cookieOnly = try await api.atRoot.send(.get, "/admin/users", headers: [.cookie: "gatehouse_console=\(consoleCookie)"])
                #expect(cookieOnly.status == .unauthorized || cookieOnly.status == .forbidden, "\(cookieOnly)")
                let asBearer = try await api.atRoot.send(.get, "/admin/audit", bearer: consoleCookie)
                #expect(asBearer.status == .unauthorized || asBearer.status == .forbidden, "\(asBearer)")

                // Signed in on the public pages as the operator: the console still asks for its own sign-in.
                var pages = WebFormClient(api)
                let login = try await pages.get("/login")
                let csrf = try #require(WebFormClient.hiddenField("csrf", in: login))
                let signedIn = try await pages.post(
                    "/login", ["csrf": csrf, "email": accounts.operatorEmail, "password": TestServer.password])
                #expect(signedIn.location == "/account", "\(signedIn)")
                #expect(try await pages.get("/admin").location == "/admin/login")
                // Nor does the pages' cookie sealed value, renamed to the console's.
                var renamed = WebFormClient(api)
                renamed.cookies["gatehouse_console"] = try #require(pages.cookies["gatehouse_session"])
                #expect(try await renamed.get("/admin").location == "/admin/login")
            }
        }
    }

    // MARK: Helpers

    static func code(_ secret: String, _ time: ManualServerClock) -> String {
        TOTP.code(secret: Base32.decode(secret)!, step: TOTP.step(at: time.now.secondsSinceEpoch))
    }

    /// Enrols and verifies a TOTP factor for `email` through the API; returns its secret.
    static func enrollTOTP(_ api: API, email: String, time: ManualServerClock) async throws -> String {
        let session = try TestSession(try await api.signIn(email))
        let enrolled = try await api.send(.post, "/factors", json: ["factor_type": "totp"], bearer: session.accessToken)
        let factorId = try #require(enrolled["id"]?.stringValue, "\(enrolled)")
        let secret = try #require(enrolled["totp"]?["secret"]?.stringValue)
        let challenge = try await api.send(.post, "/factors/\(factorId)/challenge", json: [:], bearer: session.accessToken)
        let challengeId = try #require(challenge["id"]?.stringValue, "\(challenge)")
        let verified = try await api.send(
            .post, "/factors/\(factorId)/verify", json: ["challenge_id": challengeId, "code": code(secret, time)],
            bearer: session.accessToken)
        try #require(verified.status == .ok, "\(verified)")
        return secret
    }
}

extension WebFormClient {
    /// A sign-in on a copy (for a refusal whose cookies do not matter).
    func consoleSignInReply(_ email: String) async throws -> Reply {
        var copy = self
        return try await copy.consoleSignIn(email)
    }
}
