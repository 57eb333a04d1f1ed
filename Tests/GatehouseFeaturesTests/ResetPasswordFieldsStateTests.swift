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

/// The reset page follows the login page's loading-state pattern (spec 002 §12 "Button/form
/// disabled states during async operations"; Appendix A: `/reset-password` "uses same
/// pattern"). `ResetPasswordView` disables both password fields with `areFieldsDisabled` and
/// the button with `isButtonDisabled`, and shows `buttonLabel`.
@MainActor
@Suite("ResetPasswordModel: what the fields and the button allow in each phase")
struct ResetPasswordFieldsStateTests {
    let auth = StubAuthClient()

    func page() -> ResetPasswordModel {
        ResetPasswordModel(auth: auth, source: .link(URL(string: "myapp://reset-password?code=abc")!), clock: ManualClock())
    }

    @Test func theFieldsAreEditableOnlyWhenReady() async {
        let model = page()
        #expect(model.phase == .verifying)
        #expect(model.areFieldsDisabled, "nothing to type while the link is checked")
        await model.open()
        #expect(model.phase == .ready)
        #expect(!model.areFieldsDisabled)
        model.newPassword = "brand-new-password"
        model.confirmation = "brand-new-password"
        #expect(!model.isButtonDisabled)
        #expect(model.buttonLabel == "Update Password")

        let gate = Gate()
        auth.outcome = .gate(gate)
        let save = Task { await model.submit() }
        #expect(await eventually { model.phase == .saving })
        #expect(model.areFieldsDisabled, "the fields take no input while the password is saved")
        #expect(model.isButtonDisabled)
        #expect(model.buttonLabel == "Updating...")
        await model.submit()
        gate.open()
        await save.value
        #expect(auth.otherCalls.filter { $0 == "updatePassword" }.count == 1, "a tap while saving sends nothing more")
        #expect(model.phase == .done)
        #expect(model.areFieldsDisabled, "the saved password is not edited again")
    }

    @Test func aFailedSaveGivesTheFieldsBack() async {
        let model = page()
        await model.open()
        model.newPassword = "brand-new-password"
        model.confirmation = "brand-new-password"
        auth.outcome = .fail(.network("connection reset"))
        await model.submit()
        #expect(model.phase == .ready)
        #expect(!model.areFieldsDisabled)
        #expect(!model.isButtonDisabled)
        #expect(model.errorMessage == UserFacingText.networkError)
        #expect(model.newPassword == "brand-new-password", "kept for another try")
    }
}
