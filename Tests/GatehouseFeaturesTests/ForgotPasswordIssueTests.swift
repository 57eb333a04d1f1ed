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

/// Spec 000's form and success state where the page used to differ from it: the button for an
/// invalid address, the address in the success state whatever the backend says, a 429 that
/// holds the form.
@MainActor
@Suite("ForgotPasswordModel against spec 000")
struct ForgotPasswordIssueTests {
    let service = StubResetService()
    let clock = ManualClock()

    func model(prefill: String? = nil) -> ForgotPasswordModel {
        ForgotPasswordModel(service: service, clock: clock, prefillEmail: prefill, reachability: FixedReachability(reachable: true))
    }

    /// Spec 000 §6 "Disabled until: valid email entered"; spec 001 "no @ → button disabled".
    @Test func theButtonStaysDisabledUntilTheAddressIsValid() {
        let model = model()
        for typed in ["user", "user@", "user@nodomain", "@example.com"] {
            model.email = typed
            #expect(model.isButtonDisabled, "\(typed)")
        }
        model.email = "user@example.com"
        #expect(!model.isButtonDisabled)
    }

    /// "Success page shows email address and next steps" for every backend: one that answers
    /// with its own words (spec 003's Edge Function, spec 004's REST API) still names the address.
    @Test func aBackendsOwnMessageKeepsTheAddress() async {
        service.receipt = PasswordResetReceipt(message: "Password reset email sent")
        let model = model(prefill: "user@example.com")
        await model.submit()
        #expect(model.phase == .sent)
        let message = model.successMessage ?? ""
        #expect(message.contains("Password reset email sent"))
        #expect(message.contains("user@example.com"))
    }

    /// A 429 holds the form for the wait it names, as the login page does: nothing is sent again
    /// and the button stays off until the wait is over.
    @Test func tooManyRequestsHoldTheForm() async {
        service.outcome = .fail(.rateLimited(after: 3600))
        let model = model(prefill: "user@example.com")
        await model.submit()
        #expect(model.phase == .form)
        #expect(model.errorMessage == "Too many reset requests. Try again in 1 hour.")
        #expect(model.isButtonDisabled)
        service.outcome = .succeed
        await model.submit()
        #expect(service.calls.count == 1)
        model.email = "other@example.com"
        await model.submit()
        #expect(service.calls.count == 1)
        clock.advance(by: .seconds(3600))
        #expect(!model.isButtonDisabled)
        await model.submit()
        #expect(service.calls.count == 2)
        #expect(model.phase == .sent)
    }
}

/// The parts of the same fixes that need the page's newer state.
@MainActor
@Suite("ForgotPasswordModel's success subtitle and retry")
struct ForgotPasswordIssueStateTests {
    let service = StubResetService()
    let clock = ManualClock()

    func model(prefill: String? = nil) -> ForgotPasswordModel {
        ForgotPasswordModel(service: service, clock: clock, prefillEmail: prefill, reachability: FixedReachability(reachable: true))
    }

    /// Spec 000 §6: "Check Your Email", then "We've sent you a password reset link".
    @Test func theSuccessStateHasTheSpecsSubtitle() async {
        let model = model(prefill: "user@example.com")
        #expect(model.successSubtitle == nil)
        await model.submit()
        #expect(model.successSubtitle == "We've sent you a password reset link")
        model.useDifferentEmail()
        #expect(model.successSubtitle == nil)
    }

    /// A 429 offers no "Retry" while its wait lasts; a network error does.
    @Test func retryIsOfferedForNetworkErrorsOnly() async {
        service.outcome = .fail(.rateLimited(after: 60))
        let model = model(prefill: "user@example.com")
        await model.submit()
        #expect(model.isRateLimited)
        #expect(!model.offersRetry)
        clock.advance(by: .seconds(60))
        service.outcome = .fail(.notConnected)
        await model.submit()
        #expect(model.offersRetry)
    }
}
