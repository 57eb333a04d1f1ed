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

/// Common passwords through the router: a common password is GoTrue's 422 `weak_password` with the
/// reason `pwned` on the API's password paths, and the pages say "This password is too common.
/// Choose another." (sign-up, reset, account), changing nothing.
@Suite("Common passwords refused")
struct CommonPasswordRouteTests {
    static let common = "password123"
    static let tooCommon = "This password is too common. Choose another."

    static func expectPwned(_ reply: Reply, _ note: String = "") {
        #expect(reply.status == .unprocessableContent, "\(note) \(reply)")
        #expect(reply.errorCode == "weak_password", "\(note)")
        #expect(reply["weak_password"]?["reasons"] == .array([.string("pwned")]), "\(note) \(reply)")
        #expect(reply["message"] == .string(PasswordCheck.tooCommonMessage), "\(note)")
    }

    @Test("POST /signup, PUT /user and the admin API refuse a common password", arguments: Backend.all)
    func api(_ backend: Backend) async throws {
        try await TestServer.run(backend, configure: { $0.autoconfirm = true }) { api in
            let email = TestServer.uniqueEmail("common")
            Self.expectPwned(try await api.signUp(email, Self.common, modern: true), "signup")
            Self.expectPwned(
                try await api.send(
                    .post, "/admin/users", json: ["email": email, "password": "iloveyou"], bearer: api.serviceRoleToken, modern: true),
                "admin create")
            let session = try await api.signedInUser(email)
            Self.expectPwned(
                try await api.send(.put, "/user", json: ["password": "qwertyuiop"], bearer: session.accessToken, modern: true), "PUT /user")
            let id = try #require(try await api.user(session.accessToken)["id"]?.stringValue)
            Self.expectPwned(
                try await api.send(.put, "/admin/users/\(id)", json: ["password": "1qaz2wsx"], bearer: api.serviceRoleToken, modern: true),
                "admin update")
            #expect(try await api.signIn(email).status == .ok, "a refused password replaced the old one")
        }
    }

    @Test("the sign-up page says the password is too common and makes no account", arguments: Backend.all)
    func signUpPage(_ backend: Backend) async throws {
        try await Routes.run(backend, configure: { $0.autoconfirm = true }) { api in
            var browser = WebFormClient(api)
            let email = TestServer.uniqueEmail("common-page")
            let reply = try await Routes.SignUpPage.create(&browser, email, password: Self.common)
            #expect(reply.status == .unprocessableContent, "\(reply.status)")
            #expect(reply.shows(Self.tooCommon), "\(reply.page)")
            #expect(try await api.signIn(email, Self.common).errorCode == "invalid_credentials")
        }
    }

    @Test("the reset page says the password is too common and keeps the link usable", arguments: Backend.all)
    func resetPage(_ backend: Backend) async throws {
        try await Routes.run(backend, configure: Routes.appSite) { api in
            let (email, _, token) = try await Routes.ResetPassword.account(api)
            var browser = WebFormClient(api)
            let csrf = try await browser.csrf(from: "/reset-password?token=\(token)")
            let refused = try await browser.post(
                "/reset-password", ["csrf": csrf, "token": token, "password": Self.common, "confirm": Self.common])
            #expect(refused.status == .unprocessableContent, "\(refused.status)")
            #expect(refused.shows(Self.tooCommon), "\(refused.page)")
            #expect(try await api.signIn(email).status == .ok)
            let new = Routes.ResetPassword.newPassword
            let reset = try await browser.post("/reset-password", ["csrf": csrf, "token": token, "password": new, "confirm": new])
            #expect(reset.status == .ok, "the refused form spent the link: \(reset.page)")
        }
    }

    @Test("the account page's password change says the password is too common", arguments: Backend.all)
    func accountPage(_ backend: Backend) async throws {
        try await Routes.run(backend) { api in
            var (browser, email, csrf) = try await Routes.AccountPage.signedIn(api)
            let reply = try await browser.post(
                "/account/password", ["csrf": csrf, "current": TestServer.password, "password": Self.common, "confirm": Self.common])
            #expect(reply.status == .unprocessableContent, "\(reply.status)")
            #expect(reply.shows(Self.tooCommon), "\(reply.page)")
            #expect(try await api.signIn(email).status == .ok, "a refused form changed the password")
        }
    }
}
