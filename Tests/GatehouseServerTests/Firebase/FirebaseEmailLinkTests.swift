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

/// Email-link sign-in: `sendOobCode {requestType: EMAIL_SIGNIN}` emails Firebase's action link
/// (`mode=signIn`), the same answer for every address; `signInWithEmailLink` uses its code once,
/// for the address it went to, making and confirming the account; what an unproven party set on
/// an unconfirmed account does not survive; the action page hands the code on to the app.
@Suite("Firebase email-link sign-in")
struct FirebaseEmailLinkTests {
    typealias Routes = FirebaseRoutingTests
    static let continueUrl = "https://app.example.com/finish?from=mail"

    static func send(_ api: API, _ email: String, continueUrl: String? = continueUrl) async throws -> Reply {
        var body: [String: Any] = ["requestType": "EMAIL_SIGNIN", "email": email, "canHandleCodeInApp": true]
        if let continueUrl { body["continueUrl"] = continueUrl }
        return try await Routes.post(api, Routes.v1 + "accounts:sendOobCode", body)
    }

    /// The link of the newest email to `email`, and its `oobCode`.
    static func link(_ api: API, to email: String, count: Int = 1) async throws -> (link: String, code: String) {
        let link = try await DevMail.link(api, to: email, count: count)
        let items = try #require(URLComponents(string: link)?.queryItems, "\(link)")
        return (link, try #require(items.first { $0.name == "oobCode" }?.value, "\(link)"))
    }

    static func signIn(_ api: API, _ email: String, _ code: String, idToken: String? = nil) async throws -> Reply {
        var body: [String: Any] = ["email": email, "oobCode": code, "returnSecureToken": true]
        if let idToken { body["idToken"] = idToken }
        return try await Routes.post(api, Routes.v1 + "accounts:signInWithEmailLink", body)
    }

    /// Continue URLs on the app's site allowed, no per-address send window, addresses unverified.
    static func unconfirmed(_ configuration: inout ServerConfiguration) {
        configuration.siteURL = "https://app.example.com"
        configuration.emailSendWindow = 0
        configuration.autoconfirm = false
    }

    @Test("the same answer for every address; the link signs in once, making and confirming the account", arguments: Backend.all)
    func signInOnce(_ backend: Backend) async throws {
        try await TestServer.run(backend, configure: Self.unconfirmed) { api in
            let newcomer = TestServer.uniqueEmail("fb-link-new")
            let sent = try await Self.send(api, newcomer.uppercased())
            #expect(sent.status == .ok, "\(sent)")
            #expect(sent.json == .object(["kind": .string(FirebaseOobEndpoint.kind), "email": .string(newcomer)]), "\(sent)")
            let (link, code) = try await Self.link(api, to: newcomer)
            let query = try #require(URLComponents(string: link)?.queryItems)
            #expect(link.contains("/__/auth/action?mode=signIn&oobCode="), "\(link)")
            #expect(
                query.first { $0.name == "apiKey" }?.value == "k" && query.first { $0.name == "continueUrl" }?.value == Self.continueUrl)

            // Another address, or checking the code first, spends nothing.
            let other = try await Self.signIn(api, TestServer.uniqueEmail("fb-link-other"), code)
            #expect(Routes.name(other) == "INVALID_EMAIL", "\(other)")
            let checked = try await Routes.post(api, Routes.v1 + "accounts:resetPassword", ["oobCode": code])
            #expect(
                checked.json == .object(["kind": .string("identitytoolkit#ResetPasswordResponse"), "requestType": .string("EMAIL_SIGNIN")]))

            let signedIn = try await Self.signIn(api, newcomer, code)
            #expect(signedIn.status == .ok, "\(signedIn)")
            #expect(signedIn["kind"]?.stringValue == "identitytoolkit#EmailLinkSigninResponse" && signedIn["isNewUser"] == .bool(true))
            #expect(signedIn["email"]?.stringValue == newcomer, "\(signedIn)")
            let claims = try jwtPayload(try #require(signedIn["idToken"]?.stringValue))
            #expect(claims["email_verified"] == .bool(true) && claims["firebase"]?["sign_in_provider"]?.stringValue == "password")
            #expect(claims["user_id"] == signedIn["localId"], "\(claims)")
            #expect(Routes.name(try await Self.signIn(api, newcomer, code)) == "INVALID_OOB_CODE", "a link works once")

            // A registered account with a password: signed in, not new, its password kept.
            let owner = TestServer.uniqueEmail("fb-link-owner")
            try await api.createUser(owner)
            let ownerSent = try await Self.send(api, owner)
            #expect(ownerSent.json == .object(["kind": .string(FirebaseOobEndpoint.kind), "email": .string(owner)]))
            let ownerLink = try await Self.signIn(api, owner, try await Self.link(api, to: owner).code)
            #expect(ownerLink.status == .ok && ownerLink["isNewUser"] == .bool(false), "\(ownerLink)")
            #expect(try await api.signIn(owner).status == .ok)

            let missing = try await Self.send(api, TestServer.uniqueEmail("fb-link-nourl"), continueUrl: nil)
            #expect(Routes.name(missing) == "MISSING_CONTINUE_URI", "\(missing)")
            let foreign = try await Self.send(api, newcomer, continueUrl: "https://evil.example.net/")
            #expect(Routes.name(foreign) == "UNAUTHORIZED_DOMAIN", "\(foreign)")
        }
    }

    @Test("a stranger's password on an unconfirmed account does not survive the owner's link", arguments: Backend.all)
    func strangerPasswordCleared(_ backend: Backend) async throws {
        try await TestServer.run(backend, configure: Self.unconfirmed) { api in
            let email = TestServer.uniqueEmail("fb-link-planted")
            let stranger = try await Routes.post(
                api, Routes.v1 + "accounts:signUp", ["email": email, "password": TestServer.otherPassword])
            let strangerRefresh = try #require(stranger["refreshToken"]?.stringValue, "\(stranger)")
            _ = try await Self.send(api, email)
            let signedIn = try await Self.signIn(api, email, try await Self.link(api, to: email).code)
            #expect(signedIn.status == .ok && signedIn["localId"] == stranger["localId"], "\(signedIn)")
            let password = try await Routes.post(
                api, Routes.v1 + "accounts:signInWithPassword", ["email": email, "password": TestServer.otherPassword])
            #expect(Routes.name(password) == "INVALID_LOGIN_CREDENTIALS", "\(password)")
            let refreshed = try await Routes.post(api, Routes.secureToken, ["grantType": "refresh_token", "refreshToken": strangerRefresh])
            #expect(Routes.name(refreshed) == "TOKEN_EXPIRED", "\(refreshed)")
        }
    }

    @Test("an expired link is EXPIRED_OOB_CODE, a disabled account's USER_DISABLED", arguments: Backend.all)
    func expiredAndDisabled(_ backend: Backend) async throws {
        let time = ManualServerClock(Timestamp.now())
        try await TestServer.run(backend, configure: Self.unconfirmed, clock: time.clock) { api in
            let late = TestServer.uniqueEmail("fb-link-late")
            _ = try await Self.send(api, late)
            let lateCode = try await Self.link(api, to: late).code
            time.advance(seconds: 3601)
            #expect(Routes.name(try await Self.signIn(api, late, lateCode)) == "EXPIRED_OOB_CODE")

            let banned = TestServer.uniqueEmail("fb-link-banned")
            let userId = try await api.createUser(banned)
            _ = try await Self.send(api, banned)
            let code = try await Self.link(api, to: banned).code
            let disabled = try await Routes.post(
                api, Routes.project + "accounts:update", ["localId": userId, "disableUser": true], key: nil,
                authorization: "Bearer \(api.serviceRoleToken)")
            #expect(disabled.status == .ok, "\(disabled)")
            #expect(Routes.name(try await Self.signIn(api, banned, code)) == "USER_DISABLED")
        }
    }

    @Test("the action page sends the browser to the continue URL with the code, spending nothing", arguments: Backend.all)
    func actionPage(_ backend: Backend) async throws {
        try await TestServer.run(backend, configure: Self.unconfirmed) { api in
            let email = TestServer.uniqueEmail("fb-link-page")
            _ = try await Self.send(api, email)
            let (link, code) = try await Self.link(api, to: email)
            let path = try #require(URLComponents(string: link).map { $0.percentEncodedPath + "?" + ($0.percentEncodedQuery ?? "") })
            let page = try await api.atRoot.send(.get, path)
            #expect(page.status == .seeOther, "\(page)")
            let target = try #require(page.header("Location").flatMap { URLComponents(string: $0) }, "\(page)")
            #expect(target.host == "app.example.com" && target.path == "/finish", "\(target)")
            let items = Dictionary(uniqueKeysWithValues: (target.queryItems ?? []).map { ($0.name, $0.value ?? "") })
            #expect(items == ["from": "mail", "apiKey": "k", "oobCode": code, "mode": "signIn", "lang": "en"], "\(items)")
            #expect(try await Self.signIn(api, email, code).status == .ok, "the page spent the code")
        }
    }

    @Test("with sign-ups off an unknown address gets the same answer, no email and no account", arguments: Backend.all)
    func signupsOff(_ backend: Backend) async throws {
        try await TestServer.run(
            backend,
            configure: {
                Self.unconfirmed(&$0)
                $0.signupDisabled = true
            }
        ) { api in
            let stranger = TestServer.uniqueEmail("fb-link-nobody")
            let sent = try await Self.send(api, stranger)
            #expect(sent.json == .object(["kind": .string(FirebaseOobEndpoint.kind), "email": .string(stranger)]), "\(sent)")
            try await RouteMail.drainOutbox(api)
            #expect(try await RouteMail.messages(api, to: stranger).isEmpty)
            let lookup = try await Routes.post(
                api, Routes.project + "accounts:lookup", ["email": [stranger]], key: nil, authorization: "Bearer \(api.serviceRoleToken)")
            #expect(lookup.status == .ok && lookup["users"] == nil, "\(lookup)")
        }
    }

    @Test("an administrator's returnOobLink gives a working link for a new address and sends nothing", arguments: Backend.all)
    func adminLink(_ backend: Backend) async throws {
        try await TestServer.run(backend, configure: Self.unconfirmed) { api in
            let email = TestServer.uniqueEmail("fb-link-admin")
            let body: [String: Any] = [
                "requestType": "EMAIL_SIGNIN", "email": email, "continueUrl": Self.continueUrl, "returnOobLink": true,
            ]
            let reply = try await Routes.post(
                api, Routes.project + "accounts:sendOobCode", body, key: nil, authorization: "Bearer \(api.serviceRoleToken)")
            let code = try #require(reply["oobCode"]?.stringValue, "\(reply)")
            #expect(reply["oobLink"]?.stringValue?.contains("mode=signIn&oobCode=") == true, "\(reply)")
            #expect(Routes.name(try await Routes.post(api, Routes.v1 + "accounts:sendOobCode", body)) == "INSUFFICIENT_PERMISSION")
            try await RouteMail.drainOutbox(api)
            #expect(try await RouteMail.messages(api, to: email).isEmpty)
            #expect(try await Self.signIn(api, email, code)["isNewUser"] == .bool(true))
        }
    }

    @Test("an account with a verified factor answers a pending credential, and the code finishes", arguments: Backend.all)
    func secondFactor(_ backend: Backend) async throws {
        let time = ManualServerClock(Timestamp.now())
        try await TestServer.run(backend, configure: Self.unconfirmed, clock: time.clock) { api in
            let email = TestServer.uniqueEmail("fb-link-mfa")
            let enrolled = try await FirebaseMFA.enrollTOTP(api, email: email, time: time)
            _ = try await Self.send(api, email)
            let reply = try await Self.signIn(api, email, try await Self.link(api, to: email).code)
            #expect(reply["idToken"] == nil && reply["mfaInfo"]?[0]?["mfaEnrollmentId"]?.stringValue == enrolled.factorId, "\(reply)")
            let pending = try #require(reply["mfaPendingCredential"]?.stringValue, "\(reply)")
            time.advance(seconds: 30)
            let finished = try await FirebaseMFA.finalize(api, pending, enrolled.factorId, FirebaseMFA.code(enrolled.secret, time))
            #expect(finished.status == .ok && finished["idToken"] != nil, "\(finished)")
        }
    }
}
