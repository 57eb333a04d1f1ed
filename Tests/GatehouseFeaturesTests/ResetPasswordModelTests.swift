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

@MainActor
@Suite("ResetPasswordModel")
struct ResetPasswordModelTests {
    @Test func aResetLinkFromTheEmailSetsANewPassword() async throws {
        try await withLiveServer { server in
            let email = try await server.account()
            let client = server.client()
            try await client.resetPasswordForEmail(email)
            let link = try #require(try await server.waitForMail(to: email).link)

            let model = ResetPasswordModel(auth: client, source: .link(server.local(link)))
            #expect(model.phase == .verifying)
            await model.open()
            #expect(model.phase == .ready)
            #expect(model.accountEmail == email)

            model.newPassword = "short"
            model.didBlur(.password)
            #expect(model.passwordError == "Password must be at least 8 characters")
            model.newPassword = "brand-new-password"
            #expect(model.passwordError == nil)
            model.confirmation = "brand-new-passwor"
            model.didBlur(.confirmation)
            #expect(model.confirmationError == "Passwords do not match")
            #expect(model.isButtonDisabled)
            model.confirmation = "brand-new-password"
            #expect(model.confirmationError == nil)
            #expect(!model.isButtonDisabled)
            #expect(model.buttonLabel == "Update Password")

            await model.submit()
            #expect(model.phase == .done)
            #expect(model.successMessage == "Your password has been changed.")
            #expect(model.signals.feedback?.kind == .success)
            _ = try await server.client().signIn(email: email, password: "brand-new-password")
        }
    }

    @Test func theEmailedCodeWorksToo() async throws {
        try await withLiveServer { server in
            let email = try await server.account()
            let client = server.client()
            try await client.resetPasswordForEmail(email)
            let code = try #require(try await server.waitForMail(to: email).code)
            let model = ResetPasswordModel(auth: client, source: .code(email: email, code: code))
            await model.open()
            #expect(model.phase == .ready)
            model.newPassword = "code-new-password"
            model.confirmation = "code-new-password"
            await model.submit()
            #expect(model.phase == .done)
        }
    }

    @Test func aUsedLinkAsksForANewOne() async throws {
        try await withLiveServer { server in
            let email = try await server.account()
            try await server.client().resetPasswordForEmail(email)
            let link = server.local(try #require(try await server.waitForMail(to: email).link))
            _ = try await server.client().session(from: link)

            let model = ResetPasswordModel(auth: server.client(), source: .link(link))
            await model.open()
            #expect(model.phase == .invalidLink)
            #expect(model.errorMessage == "This link is invalid or has expired")
            #expect(model.signals.feedback?.kind == .error)
            model.requestNewLink()
            #expect(model.destination == .forgotPassword)
        }
    }

    @Test func theSamePasswordAgainIsRefused() async throws {
        try await withLiveServer { server in
            let email = try await server.account()
            let client = server.client()
            try await client.resetPasswordForEmail(email)
            let code = try #require(try await server.waitForMail(to: email).code)
            let model = ResetPasswordModel(auth: client, source: .code(email: email, code: code))
            await model.open()
            model.newPassword = testPassword
            model.confirmation = testPassword
            await model.submit()
            #expect(model.phase == .ready)
            #expect(model.errorMessage == UserFacingText.samePassword)
        }
    }

    @Test func anUnreachableServerCanBeRetried() async {
        let auth = StubAuthClient()
        auth.outcome = .fail(.notConnected)
        let model = ResetPasswordModel(auth: auth, source: .link(URL(string: "gatehouse://reset?code=abc")!), clock: ManualClock())
        await model.open()
        #expect(model.phase == .unavailable)
        #expect(model.errorMessage == UserFacingText.noInternetConnection)
        auth.outcome = .succeed
        await model.open()
        #expect(model.phase == .ready)
    }

    @Test func emptyFieldsAreFlaggedOnSubmit() async {
        let auth = StubAuthClient()
        let model = ResetPasswordModel(auth: auth, source: .currentSession, clock: ManualClock())
        await model.open()
        // The stub holds no session: the page cannot reset anything.
        #expect(model.phase == .invalidLink)

        let linked = ResetPasswordModel(auth: auth, source: .link(URL(string: "gatehouse://reset?code=abc")!), clock: ManualClock())
        await linked.open()
        await linked.submit()
        #expect(linked.passwordError == UserFacingText.passwordRequired)
        #expect(linked.confirmationError == UserFacingText.confirmationRequired)
        #expect(!auth.otherCalls.contains("updatePassword"))
    }
}
