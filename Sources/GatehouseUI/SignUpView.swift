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

#if canImport(SwiftUI)
    import GatehouseCore
    import GatehouseFeatures
    import SwiftUI

    /// The sign-up page the login page's "Create one now" opens.
    public struct SignUpView: View {
        @ObservedObject private var model: SignUpModel
        @FocusState private var focus: SignUpModel.Field?
        private let appleSignIn: SignInWithAppleModel?

        /// - Parameter appleSignIn: adds "Sign up with Apple" under "Create Account"; the host
        ///   follows its `destination` as it follows the page's.
        public init(model: SignUpModel, appleSignIn: SignInWithAppleModel? = nil) {
            _model = ObservedObject(wrappedValue: model)
            self.appleSignIn = appleSignIn
        }

        public var body: some View {
            PageCard {
                Text(UserFacingText.SignUp.title).font(.title.bold()).accessibilityAddTraits(.isHeader)
                if let message = model.confirmationMessage {
                    SuccessBox(lines: [message])
                } else {
                    if let error = model.errorMessage {
                        ErrorSummary(message: error, onDismiss: nil)
                    }
                    FormField(label: UserFacingText.Login.emailLabel, systemImage: "envelope", error: model.fieldErrors[.email]) {
                        TextField(UserFacingText.Login.emailPlaceholder, text: $model.email)
                            .emailInput()
                            .focused($focus, equals: .email)
                            .submitLabel(.next)
                            .onSubmit { focus = .password }
                            .accessibilityLabel(UserFacingText.Accessibility.emailField)
                    }
                    .disabled(model.areFieldsDisabled)
                    FormField(label: UserFacingText.Login.passwordLabel, systemImage: "lock", error: model.fieldErrors[.password]) {
                        SecureField(UserFacingText.Login.passwordLabel, text: $model.password)
                            .passwordInput(isNew: true)
                            .focused($focus, equals: .password)
                            .submitLabel(.go)
                            .onSubmit { Task { await model.submit() } }
                            .accessibilityLabel(UserFacingText.Accessibility.passwordField)
                    }
                    .disabled(model.areFieldsDisabled)
                    RememberMeCheckbox(isOn: $model.rememberMe).disabled(model.areFieldsDisabled)
                    PrimaryButton(title: model.buttonLabel, isBusy: model.isLoading, isDisabled: model.isButtonDisabled) {
                        focus = nil
                        Task { await model.submit() }
                    }
                    if let appleSignIn {
                        AppleSignInSection(model: appleSignIn, purpose: .signUp, rememberMe: model.rememberMe, isDisabled: model.isLoading)
                    }
                }
                HStack(spacing: 4) {
                    Text(UserFacingText.SignUp.haveAccount).font(.subheadline).foregroundStyle(Palette.secondaryText)
                    TextLink(title: UserFacingText.SignUp.signIn) { model.signInInstead() }
                }
            }
            .onLeaving(focus) { previous in
                if let previous { model.didBlur(previous) }
            }
            .forwarding(model.signals)
            // Leaving the screen cancels its request; a late sign-in is not kept.
            // Backgrounding does not call onDisappear, so a request survives a trip to the mail app.
            .onDisappear { model.cancel() }
        }
    }
#endif
