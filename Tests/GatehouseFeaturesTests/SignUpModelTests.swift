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
@Suite("SignUpModel")
struct SignUpModelTests {
    @Test func withAutoconfirmTheNewAccountIsSignedIn() async throws {
        try await withLiveServer { server in
            let model = SignUpModel(auth: server.client())
            model.email = uniqueEmail()
            model.password = testPassword
            await model.submit()
            #expect(model.phase == .signedIn)
            #expect(model.destination == .dashboard)
            #expect(model.signedInUser?.email == model.email)
        }
    }

    @Test func otherwiseItAsksToConfirmTheAddress() async throws {
        try await withLiveServer(configure: { $0.autoconfirm = false }) { server in
            let model = SignUpModel(auth: server.client())
            let email = uniqueEmail()
            model.email = email
            model.password = testPassword
            await model.submit()
            #expect(model.phase == .awaitingConfirmation)
            #expect(model.confirmationMessage == UserFacingText.confirmationOnItsWay(to: email))
            let mail = try await server.waitForMail(to: email)
            #expect(mail.code != nil)
        }
    }

    @Test func fieldsFollowTheSharedRules() async {
        let auth = StubAuthClient()
        let model = SignUpModel(auth: auth, clock: ManualClock())
        model.email = "bad"
        model.didBlur(.email)
        model.password = "short"
        model.didBlur(.password)
        #expect(model.fieldErrors[.email] == UserFacingText.invalidEmail)
        #expect(model.fieldErrors[.password] == UserFacingText.passwordTooShort(minimum: 8))
        #expect(model.isButtonDisabled)
        model.password = String(repeating: "é", count: 40)
        model.didBlur(.password)
        #expect(model.fieldErrors[.password] == UserFacingText.passwordTooLong)
        await model.submit()
        #expect(auth.otherCalls.isEmpty)
    }

    @Test func anExistingAccountIsReported() async throws {
        try await withLiveServer { server in
            let email = try await server.account()
            let model = SignUpModel(auth: server.client())
            model.email = email
            model.password = testPassword
            await model.submit()
            #expect(model.phase == .form)
            #expect(model.errorMessage == UserFacingText.accountAlreadyExists)
        }
    }
}

/// The sign-up page's fields follow the request, as the login page's do.
@MainActor
@Suite("SignUpModel while loading")
struct SignUpLoadingTests {
    @Test func theFieldsAreOffWhileTheAccountIsCreated() async {
        let auth = StubAuthClient()
        let gate = Gate()
        auth.outcome = .gate(gate)
        let model = SignUpModel(auth: auth, clock: ManualClock())
        model.email = "new@example.com"
        model.password = "password123"
        #expect(!model.areFieldsDisabled)
        let submit = Task { await model.submit() }
        #expect(await eventually { model.isLoading })
        #expect(model.areFieldsDisabled)
        gate.open()
        await submit.value
        #expect(!model.areFieldsDisabled)
    }
}
