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
import GatehouseFeatures
import GatehouseTestSupport
import Testing

/// A reset link for another account than the one signed in on this device: the SDK holds the
/// link's session back (`LinkSessionConflict`); the page says whose link it is and lets the
/// person reset that account (signing the other out) or go back.
@MainActor
@Suite("ResetPasswordModel with another account signed in")
struct ResetLinkConflictTests {
    /// Signs `signedIn` in on `client` and returns a reset link for `linkOwner`.
    func conflictingLink(_ server: LiveServer, client: AuthClient, signedIn: String, linkOwner: String) async throws -> URL {
        _ = try await client.signIn(email: signedIn, password: testPassword, rememberMe: false)
        try await server.client().resetPasswordForEmail(linkOwner)
        return server.local(try #require(try await server.waitForMail(to: linkOwner).link))
    }

    @Test func thePageNamesBothAccountsInsteadOfANetworkError() async throws {
        try await withLiveServer { server in
            let signedIn = try await server.account()
            let linkOwner = try await server.account()
            let client = server.client()
            let link = try await conflictingLink(server, client: client, signedIn: signedIn, linkOwner: linkOwner)

            let model = ResetPasswordModel(auth: client, source: .link(link))
            await model.open()
            #expect(model.phase != .unavailable)
            #expect(model.errorMessage != UserFacingText.networkError)
            #expect(model.errorMessage?.contains(linkOwner) == true)
            #expect(model.errorMessage?.contains(signedIn) == true)
        }
    }

    @Test func resettingTheLinksAccountSignsTheOtherOut() async throws {
        try await withLiveServer { server in
            let signedIn = try await server.account()
            let linkOwner = try await server.account()
            let client = server.client()
            let link = try await conflictingLink(server, client: client, signedIn: signedIn, linkOwner: linkOwner)

            let model = ResetPasswordModel(auth: client, source: .link(link))
            await model.open()
            #expect(model.phase == .otherAccount)
            #expect(model.accountEmail == linkOwner)
            await model.resetLinkAccount()
            #expect(model.phase == .ready)
            #expect(model.accountEmail == linkOwner)
            #expect(await client.currentSession()?.user.email != signedIn)

            model.newPassword = "conflict-new-password"
            model.confirmation = "conflict-new-password"
            await model.submit()
            #expect(model.phase == .done)
            _ = try await server.client().signIn(email: linkOwner, password: "conflict-new-password")
        }
    }

    @Test func goingBackKeepsTheSignedInAccount() async throws {
        try await withLiveServer { server in
            let signedIn = try await server.account()
            let linkOwner = try await server.account()
            let client = server.client()
            let link = try await conflictingLink(server, client: client, signedIn: signedIn, linkOwner: linkOwner)

            let model = ResetPasswordModel(auth: client, source: .link(link))
            await model.open()
            await model.keepSignedInAccount()
            #expect(model.destination == .back)
            #expect(await client.currentSession()?.user.email == signedIn)
        }
    }
}
