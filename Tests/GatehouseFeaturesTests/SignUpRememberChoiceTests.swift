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

import GatehouseClient
import GatehouseFeatures
import Testing

/// The session a sign-up opens follows the page's "remember me", as sign-in does.
@MainActor
@Suite("SignUpModel remember choice")
struct SignUpRememberChoiceTests {
    @Test(arguments: [false, true])
    func signUpPassesTheChoiceToTheClient(remember: Bool) async {
        let auth = StubAuthClient()
        let model = SignUpModel(auth: auth, clock: ManualClock(), rememberMe: remember)
        model.email = "new@example.com"
        model.password = "correct horse battery"
        await model.submit()
        #expect(auth.otherCalls == ["signUp(rememberMe: \(remember))"])
        #expect(model.phase == .signedIn)
    }
}
