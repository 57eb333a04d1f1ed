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

    /// The forgot-password page (spec 000, Story 1.4): the form, then the success state with
    /// "Send Another Email" and "Use a different email address"; back to login always one tap away.
    public struct ForgotPasswordView: View {
        @ObservedObject private var model: ForgotPasswordModel
        @FocusState private var emailFocused: Bool

        public init(model: ForgotPasswordModel) {
            _model = ObservedObject(wrappedValue: model)
        }

        private typealias Copy = UserFacingText.ForgotPassword

        public var body: some View {
            PageCard {
                TextLink(title: Copy.backToLogin, label: UserFacingText.Accessibility.backToLoginLink, color: Palette.secondaryText) {
                    model.backToLogin()
                }
                switch model.phase {
                case .form: form
                case .sent: sent
                }
                Divider()
                TextLink(title: Copy.signInInstead) { model.backToLogin() }
            }
            .onAppear { if model.phase == .form { emailFocused = true } }
            .onLeaving(emailFocused) { wasFocused in
                if wasFocused { model.emailDidBlur() }
            }
            .forwarding(model.signals)
            // Leaving the screen cancels its request; a late sign-in is not kept.
            // Backgrounding does not call onDisappear, so a request survives a trip to the mail app.
            .onDisappear { model.cancel() }
        }

        @ViewBuilder private var form: some View {
            VStack(alignment: .leading, spacing: 8) {
                Text(Copy.title).font(.title.bold())
                Text(Copy.subtitle).font(.callout).foregroundStyle(Palette.secondaryText)
            }
            .accessibilityElement(children: .combine)
            .accessibilityAddTraits(.isHeader)

            if let error = model.errorMessage {
                // A 429 waits out its countdown: no Retry and no Dismiss while it lasts.
                ErrorSummary(
                    message: error,
                    onRetry: model.offersRetry ? { Task { await model.submit() } } : nil,
                    onDismiss: model.isRateLimited ? nil : { model.dismissError() }
                )
            }

            FormField(
                label: UserFacingText.Login.emailLabel, systemImage: "envelope", error: model.emailError, feedback: model.emailFeedback
            ) {
                TextField(UserFacingText.Login.emailPlaceholder, text: $model.email)
                    .emailInput()
                    .focused($emailFocused)
                    .submitLabel(.send)
                    .onSubmit { Task { await model.submit() } }
                    .accessibilityLabel(UserFacingText.Accessibility.emailField)
                    .accessibilityIdentifier("emailTextField")
            }
            .disabled(model.isLoading || model.isValidating)

            PrimaryButton(
                title: model.buttonLabel, isBusy: model.isLoading, isDisabled: model.isButtonDisabled,
                hint: UserFacingText.Accessibility.sendResetLinkHint
            ) {
                emailFocused = false
                Task { await model.submit() }
            }
            .accessibilityIdentifier("sendResetEmailButton")
        }

        @ViewBuilder private var sent: some View {
            Image(systemName: "envelope.badge")
                .font(.system(size: 48))
                .foregroundStyle(Palette.success)
                .frame(width: 80, height: 80)
                .background(Palette.successBackground, in: Circle())
                .frame(maxWidth: .infinity)
                .accessibilityHidden(true)

            VStack(alignment: .leading, spacing: 8) {
                Text(Copy.successTitle).font(.title.bold())
                if let subtitle = model.successSubtitle {
                    Text(subtitle).font(.callout).foregroundStyle(Palette.secondaryText)
                }
            }
            .accessibilityElement(children: .combine)
            .accessibilityAddTraits(.isHeader)

            SuccessBox(lines: [model.successMessage, Copy.followTheLink, model.linkExpiryText].compactMap { $0 })

            if let error = model.errorMessage {
                ErrorSummary(message: error, onDismiss: { model.dismissError() })
            }
            if let notice = model.notice {
                Text(notice).font(.subheadline).foregroundStyle(Palette.secondaryText)
            }

            Button {
                Task { await model.sendAnother() }
            } label: {
                Text(model.resendLabel).frame(maxWidth: .infinity, minHeight: 48)
            }
            .buttonStyle(.bordered)
            .disabled(model.isResendDisabled)

            TextLink(title: Copy.useDifferentEmail) { model.useDifferentEmail() }
        }
    }
#endif
