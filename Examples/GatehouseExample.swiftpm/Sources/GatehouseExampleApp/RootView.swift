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

import GatehouseExampleFlow
import GatehouseUI
import SwiftUI

/// Shows the flow's current page, with the backend switch above the login page.
struct RootView: View {
    @ObservedObject var flow: ExampleFlow

    var body: some View {
        switch flow.screen {
        case .login:
            VStack(spacing: 0) {
                BackendPicker(flow: flow)
                LoginView(model: flow.login, appleSignIn: flow.appleSignIn)
            }
        case .forgotPassword:
            if let model = flow.forgotPassword { ForgotPasswordView(model: model) }
        case .signUp:
            if let model = flow.signUp { SignUpView(model: model, appleSignIn: flow.appleSignIn) }
        case .resetPassword:
            if let model = flow.resetPassword { ResetPasswordView(model: model) }
        case .signedIn:
            SignedInView(flow: flow)
        }
    }
}
