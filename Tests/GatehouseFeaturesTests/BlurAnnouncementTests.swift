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

/// VoiceOver hears an error found when a field loses focus (Story 1.4's announcements), not only
/// the errors of a submit.
@MainActor
@Suite("Errors found on blur are announced")
struct BlurAnnouncementTests: LoginFixture {
    let auth = StubAuthClient()
    let clock = ManualClock()

    @Test func onTheLoginPage() {
        let model = model()
        model.email = "notanemail"
        model.didBlur(.email)
        #expect(model.signals.announcement?.text == UserFacingText.invalidEmail)
        #expect(model.signals.feedback == nil, "a blur is not a haptic moment")
        model.email = "user@example.com"
        model.didBlur(.email)
        #expect(model.signals.announcement?.text == UserFacingText.invalidEmail, "nothing new to say")
    }

    @Test func onTheForgotPasswordPage() {
        let model = ForgotPasswordModel(service: StubResetService(), clock: clock, reachability: FixedReachability(reachable: true))
        model.email = "user@"
        model.emailDidBlur()
        #expect(model.signals.announcement?.text == "Invalid email address")
    }

    @Test func onTheSignUpPage() {
        let model = SignUpModel(auth: auth, clock: clock)
        model.password = "short"
        model.didBlur(.password)
        #expect(model.signals.announcement?.text == "Password must be at least 8 characters")
    }

    @Test func onTheResetPage() {
        let model = ResetPasswordModel(auth: auth, source: .currentSession, clock: clock)
        model.newPassword = "short"
        model.didBlur(.password)
        #expect(model.signals.announcement?.text == "Password must be at least 8 characters")
    }
}
