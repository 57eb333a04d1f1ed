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

import GatehouseCore
import GatehouseFeatures
import Testing

/// When the forgot-password page checks the address (spec 000 §2 step 4, §6 "Validation: Format
/// check on blur", §5's `isFormValid`): no error text while typing, the format once the field
/// loses focus, an empty field only on submit; and the field's length limit (§6 "Same as Login
/// page", whose inputs take 255 characters).
@MainActor
@Suite("ForgotPasswordModel: when the address is checked")
struct ForgotPasswordValidationTimingTests {
    let service = StubResetService()

    func model() -> ForgotPasswordModel {
        ForgotPasswordModel(service: service, clock: ManualClock(), reachability: FixedReachability(reachable: true))
    }

    @Test func anInvalidAddressShowsNoErrorUntilTheFieldLosesFocus() {
        let model = model()
        for typed in ["u", "user", "user@", "user@nodomain"] {
            model.email = typed
            #expect(model.emailError == nil, "no error text while typing \"\(typed)\"")
        }
        model.emailDidBlur()
        #expect(model.emailError == "Invalid email address")
        model.email = "user@example.com"
        model.emailDidBlur()
        #expect(model.emailError == nil, "a well-formed address passes the blur check")
        #expect(service.calls.isEmpty, "checking never sends")
    }

    @Test func anEmptyFieldIsFlaggedOnSubmitNotOnBlur() async {
        let model = model()
        model.emailDidBlur()
        #expect(model.emailError == nil, "leaving an empty field is not an error yet")
        await model.submit()
        #expect(model.emailError == "Email is required")
        #expect(model.phase == .form)
        #expect(service.calls.isEmpty)
    }

    @Test func theFieldTakesAtMost255Characters() {
        let model = model()
        let typed = String(repeating: "a", count: 250) + "@example.com"
        model.email = typed
        #expect(model.email.count == 255)
        #expect(model.email == String(typed.prefix(255)))
    }
}
