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

/// Spec 002 §6 "Loading States" and "Empty States": the page as it opens, and what a field's
/// blur check leaves usable (only a submit disables the form).
@MainActor
@Suite("LoginModel: a new page, and what a blur leaves usable")
struct LoginBlurStateTests: LoginFixture {
    let auth = StubAuthClient()
    let clock = ManualClock()

    /// "Empty States: Form always shows empty state for new login attempts"; "First Load: Form
    /// fields: Ready to type immediately (no skeleton)".
    @Test func aNewPageIsEmptyAndReadyToType() {
        let model = model()
        #expect(model.email.isEmpty && model.password.isEmpty)
        #expect(model.fieldErrors.isEmpty)
        #expect(model.errorMessage == nil)
        #expect(model.phase == .idle)
        #expect(!model.areFieldsDisabled)
        #expect(model.buttonLabel == "Sign In")
    }

    /// "During Validation (Field Blur): User interaction: Can still type in other fields; Button
    /// state: Disabled until validation passes".
    @Test func aBlurLeavesEveryFieldEditable() {
        let model = model()
        model.email = "notanemail"
        model.didBlur(.email)
        #expect(model.emailError == UserFacingText.invalidEmail)
        #expect(model.phase == .idle, "a blur check is not the submit's validating phase")
        #expect(!model.areFieldsDisabled)
        model.password = "password123"
        model.didBlur(.password)
        #expect(model.passwordError == nil)
        #expect(model.isButtonDisabled, "disabled until the address passes")
        model.email = "user@example.com"
        #expect(model.emailError == nil)
        #expect(!model.isButtonDisabled)
    }
}
