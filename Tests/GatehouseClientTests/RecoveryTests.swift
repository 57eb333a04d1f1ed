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
import GatehouseClient
import GatehouseCore
import GatehouseTestSupport
import Testing

@Suite("Password recovery through the client: every link and code flow")
struct RecoveryTests {
    static let appLink = "gatehouse://reset"

    /// An account and a client that is not signed in to it.
    static func account(on server: LiveServer) async throws -> String {
        let email = uniqueEmail("reset")
        _ = try await server.client().signUp(email: email, password: testPassword)
        return email
    }

    @Test func theResetPageLinkOpensARecoverySession() async throws {
        try await withLiveServer { server in
            let email = try await Self.account(on: server)
            let client = server.client()
            try await client.resetPasswordForEmail(email)
            let mail = try await server.waitForMail(to: email)
            let link = try #require(mail.link)
            #expect(link.contains("/reset-password?token="))

            let events = EventLog(client)
            let session = try await client.session(from: server.local(link))
            #expect(session.user.email == email)
            #expect(await events.wait(count: 2) == [.signedIn, .passwordRecovery])

            _ = try await client.updatePassword("the-new-password-1")
            _ = try await server.client().signIn(email: email, password: "the-new-password-1")
            // The link works once.
            let again = await #expect(throws: AuthClientError.self) { try await server.client().session(from: server.local(link)) }
            #expect(again?.apiError?.code == .otpExpired)
            #expect(again?.userFacingMessage == UserFacingText.resetLinkInvalid)
        }
    }

    @Test func theEmailedCodeOpensARecoverySession() async throws {
        try await withLiveServer { server in
            let email = try await Self.account(on: server)
            let client = server.client()
            try await client.resetPasswordForEmail(email)
            let code = try #require(try await server.waitForMail(to: email).code)
            #expect(code.count == 6)
            let events = EventLog(client)
            let wrong = code == "000000" ? "111111" : "000000"
            await #expect(throws: AuthClientError.self) { try await client.verifyOTP(email: email, token: wrong, type: .recovery) }
            let session = try await client.verifyOTP(email: email, token: code, type: .recovery)
            #expect(session.user.email == email)
            #expect(await events.wait(count: 2) == [.signedIn, .passwordRecovery])
        }
    }

    @Test func theLinksTokenHashOpensARecoverySession() async throws {
        try await withLiveServer { server in
            let email = try await Self.account(on: server)
            let client = server.client()
            try await client.resetPasswordForEmail(email)
            let token = try #require(try await server.waitForMail(to: email).token)
            let session = try await client.verifyOTP(tokenHash: token, type: .recovery)
            #expect(session.user.email == email)
        }
    }

    @Test func implicitFlowRedirectsIntoTheAppWithTheSession() async throws {
        try await withLiveServer(configure: { $0.redirectAllowList = [Self.appLink] }) { server in
            let email = try await Self.account(on: server)
            let client = server.client(flow: .implicit)
            try await client.resetPasswordForEmail(email, redirectTo: URL(string: Self.appLink))
            let link = try #require(try await server.waitForMail(to: email).link)
            #expect(link.contains("/verify?token="))
            let target = try #require(try await server.redirectTarget(of: link))
            #expect(target.absoluteString.hasPrefix(Self.appLink + "#access_token="))

            let events = EventLog(client)
            let session = try await client.session(from: target)
            #expect(session.user.email == email)
            #expect(await events.wait(count: 2) == [.signedIn, .passwordRecovery])
            _ = try await client.updatePassword("implicit-new-password")
        }
    }

    @Test func pkceFlowExchangesTheCodeAndAnnouncesRecovery() async throws {
        try await withLiveServer(configure: { $0.redirectAllowList = [Self.appLink] }) { server in
            let email = try await Self.account(on: server)
            let client = server.client(flow: .pkce) { $0.redirectURL = URL(string: Self.appLink) }
            try await client.resetPasswordForEmail(email)
            let link = try #require(try await server.waitForMail(to: email).link)
            #expect(link.contains("token=pkce_"))
            let target = try #require(try await server.redirectTarget(of: link))
            #expect(target.absoluteString.hasPrefix(Self.appLink + "?code="))

            // Another device holds no verifier for this code.
            let elsewhere = await #expect(throws: AuthClientError.self) { try await server.client(flow: .pkce).session(from: target) }
            #expect(elsewhere == .codeVerifierMissing)

            let events = EventLog(client)
            let session = try await client.session(from: target)
            #expect(session.user.email == email)
            #expect(await events.wait(count: 2) == [.signedIn, .passwordRecovery])
            _ = try await client.updatePassword("pkce-new-password")
            _ = try await server.client().signIn(email: email, password: "pkce-new-password")
        }
    }

    /// Whether the server answers with `#access_token` or (once `/signup` passes PKCE on) `?code=`,
    /// a confirmation link signs in without announcing a recovery.
    @Test func confirmationLinksSignInWithoutRecovery() async throws {
        try await withLiveServer(configure: {
            $0.autoconfirm = false
            $0.redirectAllowList = [Self.appLink]
        }) { server in
            let email = uniqueEmail("confirm")
            let client = server.client(flow: .pkce) { $0.redirectURL = URL(string: Self.appLink) }
            _ = try await client.signUp(email: email, password: testPassword)
            let link = try #require(try await server.waitForMail(to: email).link)
            let target = try #require(try await server.redirectTarget(of: link))
            let events = EventLog(client)
            _ = try await client.session(from: target)
            #expect(await events.emittedSoFar() == [.signedIn])
        }
    }

    @Test func anErrorRedirectIsThrownAsTheServersError() async throws {
        try await withLiveServer { server in
            let url = URL(
                string: Self.appLink
                    + "#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired&sb=")!
            let error = await #expect(throws: AuthClientError.self) { try await server.client().session(from: url) }
            #expect(error?.apiError?.code == .otpExpired)
            #expect(error?.apiError?.message == "Email link is invalid or has expired")
            #expect(error?.userFacingMessage == UserFacingText.resetLinkInvalid)
            // Older servers put the status in error_code.
            let old = URL(string: Self.appLink + "#error=unauthorized_client&error_code=401&error_description=Email+link+is+invalid")!
            let legacy = await #expect(throws: AuthClientError.self) { try await server.client().session(from: old) }
            #expect(legacy?.apiError?.code == .otpExpired)
            // A link without anything to redeem.
            await #expect(throws: AuthClientError.invalidLink("the link carries no session, code or token")) {
                try await server.client().session(from: URL(string: Self.appLink)!)
            }
        }
    }

    @Test func unknownAddressesAreAnsweredLikeKnownOnes() async throws {
        try await withLiveServer { server in
            let client = server.client()
            try await client.resetPasswordForEmail(uniqueEmail("nobody"))
            let invalid = await #expect(throws: AuthClientError.self) { try await client.resetPasswordForEmail("not-an-address") }
            #expect(invalid?.apiError?.code == .validationFailed)
            #expect(invalid?.userFacingMessage == UserFacingText.invalidEmail)
        }
    }
}
