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

    /// The login page (spec 002), bound to a `LoginModel`. Navigation is the host's: it watches
    /// `model.destination`.
    public struct LoginView: View {
        @ObservedObject private var model: LoginModel
        @FocusState private var focus: LoginModel.Field?
        @Environment(\.dynamicTypeSize) private var typeSize
        private let appleSignIn: SignInWithAppleModel?

        /// - Parameter appleSignIn: adds "Sign in with Apple" under the page's buttons; the host
        ///   follows its `destination` as it follows the page's.
        public init(model: LoginModel, appleSignIn: SignInWithAppleModel? = nil) {
            _model = ObservedObject(wrappedValue: model)
            self.appleSignIn = appleSignIn
        }

        private typealias Copy = UserFacingText.Login
        private typealias A11y = UserFacingText.Accessibility

        public var body: some View {
            PageCard {
                TextLink(title: Copy.backToWelcome, color: Palette.secondaryText) { model.backToWelcome() }

                StackedLogo(name: Copy.productName)

                notices

                FormField(label: Copy.emailLabel, systemImage: "envelope", error: model.emailError, feedback: model.emailFeedback) {
                    TextField(Copy.emailPlaceholder, text: $model.email)
                        .emailInput()
                        .lineLimit(1)
                        .truncationMode(.tail)
                        .focused($focus, equals: .email)
                        .submitLabel(.next)
                        .onSubmit { focus = .password }
                        .accessibilityLabel(A11y.emailField)
                }
                .disabled(model.areFieldsDisabled)

                FormField(label: Copy.passwordLabel, systemImage: "lock", error: model.passwordError) {
                    SecureField(Copy.passwordPlaceholder, text: $model.password)
                        .passwordInput()
                        .focused($focus, equals: .password)
                        .submitLabel(.go)
                        .onSubmit { Task { await model.returnKeyPressed() } }
                        .accessibilityLabel(A11y.passwordField)
                }
                .disabled(model.areFieldsDisabled)

                rememberAndForgot

                PrimaryButton(
                    title: model.buttonLabel, isBusy: model.isLoading, isDisabled: model.isButtonDisabled,
                    hint: A11y.signInHint
                ) {
                    focus = nil
                    Task { await model.submit() }
                }

                passkeySignIn

                if let appleSignIn {
                    AppleSignInSection(
                        model: appleSignIn, purpose: .signIn, rememberMe: model.rememberMe,
                        isDisabled: model.isLoading || model.isPasskeySigningIn)
                }

                LabelledDivider(text: UserFacingText.newHere(product: Copy.productName))

                HStack(spacing: 4) {
                    Text(Copy.noAccount).font(.subheadline).foregroundStyle(Palette.secondaryText)
                    TextLink(title: Copy.createAccount, label: A11y.createAccountLink, hint: A11y.createAccountHint) {
                        model.createAccount()
                    }
                }
            }
            // Validation on blur: the field that lost focus is checked.
            .onLeaving(focus) { previous in
                if let previous { model.didBlur(previous) }
            }
            .forwarding(model.signals)
            // Leaving the screen cancels its request; a late sign-in is not kept.
            // Backgrounding does not call onDisappear, so a request survives a trip to the mail app.
            .onDisappear { model.cancel() }
        }

        /// "Remember me" and "Forgot password?" on one row (spec 002 §6), one under the other at
        /// accessibility text sizes, where one row would not fit.
        @ViewBuilder private var rememberAndForgot: some View {
            if typeSize.isAccessibilitySize {
                VStack(alignment: .leading, spacing: 0) {
                    RememberMeCheckbox(isOn: $model.rememberMe).disabled(model.areFieldsDisabled)
                    forgotPasswordLink
                }
            } else {
                HStack {
                    RememberMeCheckbox(isOn: $model.rememberMe).disabled(model.areFieldsDisabled)
                    Spacer()
                    forgotPasswordLink
                }
            }
        }

        private var forgotPasswordLink: some View {
            TextLink(
                title: Copy.forgotPassword, label: A11y.forgotPasswordLink, hint: A11y.forgotPasswordHint, color: Palette.secondaryText
            ) { model.forgotPassword() }
        }

        /// Under the logo (spec 002 §6): the timeout banner, the error summary, the verification
        /// notice and its resend option.
        @ViewBuilder private var notices: some View {
            if let banner = model.timeoutBannerText {
                WarningBanner(text: banner) { model.dismissTimeoutBanner() }
            }
            if let error = model.errorMessage {
                ErrorSummary(
                    message: error,
                    detail: model.errorDetail,
                    // Retry only where spec 002 §8 gives one (timeout, offline, server error).
                    onRetry: model.offersRetry ? { Task { await model.retry() } } : nil,
                    onDismiss: model.isRateLimited ? nil : { model.dismissError() }
                )
            }
            if let notice = model.emailVerificationNotice {
                WarningBanner(text: notice)
            }
            if model.canResendVerification {
                resendVerification
            }
        }

        /// "Sign in with a passkey" where the device and the server can do passkeys,
        /// and under it why the last try failed or why passkeys are not offered.
        @ViewBuilder private var passkeySignIn: some View {
            if model.offersPasskeySignIn {
                PasskeyButton(
                    title: model.passkeyButtonLabel, isBusy: model.isPasskeySigningIn, isDisabled: model.isPasskeyButtonDisabled
                ) {
                    focus = nil
                    Task { await model.signInWithPasskey() }
                }
            }
            if let message = model.passkeyMessage {
                Text(message).font(.subheadline).foregroundStyle(Palette.secondaryText)
            }
        }

        /// Spec 002 §8 "Email Not Verified": the resend option, with its cooldown and outcome.
        @ViewBuilder private var resendVerification: some View {
            VStack(alignment: .leading, spacing: 4) {
                Button {
                    Task { await model.resendVerification() }
                } label: {
                    let left = model.resendSecondsLeft
                    Text(left > 0 ? "\(Copy.resendVerification) (\(left)s)" : Copy.resendVerification)
                        .frame(maxWidth: .infinity, minHeight: 44)
                }
                .buttonStyle(.bordered)
                .disabled(model.isResendVerificationDisabled)
                if let notice = model.resendNotice {
                    Text(notice).font(.subheadline).foregroundStyle(Palette.secondaryText)
                }
            }
        }
    }
#endif
