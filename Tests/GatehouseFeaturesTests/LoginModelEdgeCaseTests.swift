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
import Testing

/// Spec 002 §9 "Edge case tests".
@MainActor
@Suite("LoginModel edge cases")
struct LoginModelEdgeCaseTests: LoginFixture {
    let auth = StubAuthClient()
    let clock = ManualClock()

    @Test func veryLongEmailIsAcceptedAndSubmitted() async {
        let email = String(repeating: "a", count: 120) + "@example.com"
        let model = filled(email)
        #expect(model.emailError == nil)
        await model.submit()
        #expect(auth.signInCalls.first?.email == email)
    }

    @Test func inputIsCappedAt255Characters() {
        let model = model()
        model.email = String(repeating: "a", count: 300)
        model.password = String(repeating: "p", count: 300)
        #expect(model.email.count == 255)
        #expect(model.password.count == 255)
    }

    @Test func veryLongAndPastedPasswordsAreSubmittedWhole() async {
        let password = String(repeating: "correct horse ", count: 8)
        let model = filled("user@example.com", password)
        #expect(model.passwordError == nil)
        await model.submit()
        #expect(auth.signInCalls.first?.password == password)
    }

    @Test func rapidTapsSendOneRequest() async {
        let gate = Gate()
        auth.signInOutcome = .gate(gate)
        let model = filled()
        let first = Task { await model.submit() }
        #expect(await eventually { model.isLoading })
        await model.submit()
        await model.returnKeyPressed()
        gate.open()
        await first.value
        #expect(auth.signInCalls.count == 1)
    }

    @Test func returnKeySubmitsOnlyAValidForm() async {
        let invalid = model()
        invalid.email = "user@example.com"
        await invalid.returnKeyPressed()
        #expect(auth.signInCalls.isEmpty)
        let valid = filled()
        await valid.returnKeyPressed()
        #expect(auth.signInCalls.count == 1)
    }

    @Test func theTimeoutBannerFollowsTheReasonParameter() {
        #expect(model(reason: "timeout").timeoutBannerText == "You were logged out due to inactivity. Please log in again.")
        #expect(model(reason: nil).timeoutBannerText == nil)
        #expect(model(reason: "other").timeoutBannerText == nil)
        #expect(LoginModel.reason(in: URL(string: "gatehouse://login?reason=timeout")!) == "timeout")
        #expect(LoginModel.reason(in: URL(string: "gatehouse://login")!) == nil)
        let model = model(reason: "timeout")
        model.dismissTimeoutBanner()
        #expect(model.timeoutBannerText == nil)
    }

    @Test func errorsHideWhileLoadingAndCanBeDismissed() async {
        auth.signInOutcome = .fail(.invalidCredentials)
        let model = filled()
        await model.submit()
        let gate = Gate()
        auth.signInOutcome = .gate(gate)
        let submit = Task { await model.submit() }
        #expect(await eventually { model.isLoading })
        #expect(model.errorMessage == nil)
        gate.open()
        await submit.value
        auth.signInOutcome = .fail(.invalidCredentials)
        await model.submit()
        model.dismissError()
        #expect(model.errorMessage == nil)
    }

    @Test func resetClearsTheForm() async {
        let model = filled()
        await model.submit()
        model.reset()
        #expect(model.email.isEmpty && model.password.isEmpty && model.signedInUser == nil && model.destination == nil)
    }
}
