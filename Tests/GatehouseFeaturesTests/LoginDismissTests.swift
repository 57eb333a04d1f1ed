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

/// Spec 002 "Persistence Across Navigation": the email field is cleared on page dismiss (a new
/// login attempt each time), like the password.
@MainActor
@Suite("LoginModel on dismiss")
struct LoginDismissTests: LoginFixture {
    let auth = StubAuthClient()
    let clock = ManualClock()

    @Test func leavingThePageClearsBothFields() {
        let model = filled("user@example.com", "password123")
        model.didBlur(.email)
        model.cancel()
        #expect(model.email.isEmpty)
        #expect(model.password.isEmpty)
        #expect(model.emailError == nil)
    }

    /// "Forgot password?" still takes the address along before the page goes away.
    @Test func forgotPasswordTakesTheAddressBeforeItIsCleared() {
        let model = filled("user@example.com", "")
        model.forgotPassword()
        model.cancel()
        #expect(model.destination == .forgotPassword(prefill: "user@example.com"))
    }
}
