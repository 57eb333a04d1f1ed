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

    /// The page a reset link opens: checks the link, then takes the new password twice.
    public struct ResetPasswordView: View {
        @ObservedObject private var model: ResetPasswordModel
        @FocusState private var focus: ResetPasswordModel.Field?

        public init(model: ResetPasswordModel) {
            _model = ObservedObject(wrappedValue: model)
        }

        private typealias Copy = UserFacingText.ResetPassword

        public var body: some View {
            PageCard {
                TextLink(
                    title: UserFacingText.ForgotPassword.backToLogin, label: UserFacingText.Accessibility.backToLoginLink,
                    color: Palette.secondaryText
                ) { model.backToLogin() }
                Text(Copy.title).font(.title.bold()).accessibilityAddTraits(.isHeader)
                content
            }
            .task { await model.open() }
            .onLeaving(focus) { previous in
                if let previous { model.didBlur(previous) }
            }
            .forwarding(model.signals)
            // Leaving the screen cancels its request; a late sign-in is not kept.
            // Backgrounding does not call onDisappear, so a request survives a trip to the mail app.
            .onDisappear { model.cancel() }
        }

        @ViewBuilder private var content: some View {
            switch model.phase {
            case .verifying:
                ProgressView(Copy.checkingLink).frame(maxWidth: .infinity)
            case .invalidLink:
                ErrorSummary(message: model.errorMessage ?? UserFacingText.resetLinkInvalid)
                PrimaryButton(title: Copy.requestNewLink, isBusy: false, isDisabled: false) { model.requestNewLink() }
            case .unavailable:
                ErrorSummary(message: model.errorMessage ?? UserFacingText.networkError, onRetry: { Task { await model.open() } })
            case .done:
                SuccessBox(lines: [model.successMessage].compactMap { $0 })
                PrimaryButton(title: UserFacingText.Login.signIn, isBusy: false, isDisabled: false) { model.backToLogin() }
            case .otherAccount:
                otherAccount
            case .ready, .saving:
                form
            }
        }

        /// The link is another account's than the signed-in one: whose it is, and the two ways on.
        @ViewBuilder private var otherAccount: some View {
            WarningBanner(text: model.errorMessage ?? "")
            if let link = model.accountEmail {
                PrimaryButton(title: Copy.resetOtherAccount(link), isBusy: false, isDisabled: false) {
                    Task { await model.resetLinkAccount() }
                }
            }
            TextLink(title: Copy.keepSignedIn, color: Palette.secondaryText) { Task { await model.keepSignedInAccount() } }
        }

        @ViewBuilder private var form: some View {
            if let email = model.accountEmail {
                Text(email).font(.subheadline).foregroundStyle(Palette.secondaryText)
            }
            if let error = model.errorMessage {
                ErrorSummary(message: error)
            }
            FormField(label: Copy.newPasswordLabel, systemImage: "lock", error: model.passwordError) {
                SecureField(Copy.newPasswordLabel, text: $model.newPassword)
                    .passwordInput(isNew: true)
                    .focused($focus, equals: .password)
                    .submitLabel(.next)
                    .onSubmit { focus = .confirmation }
                    .accessibilityLabel(UserFacingText.Accessibility.newPasswordField)
            }
            .disabled(model.areFieldsDisabled)
            FormField(label: Copy.confirmPasswordLabel, systemImage: "lock", error: model.confirmationError) {
                SecureField(Copy.confirmPasswordLabel, text: $model.confirmation)
                    .passwordInput(isNew: true)
                    .focused($focus, equals: .confirmation)
                    .submitLabel(.done)
                    .onSubmit { Task { await model.submit() } }
                    .accessibilityLabel(UserFacingText.Accessibility.confirmPasswordField)
            }
            .disabled(model.areFieldsDisabled)
            PrimaryButton(title: model.buttonLabel, isBusy: model.phase == .saving, isDisabled: model.isButtonDisabled) {
                focus = nil
                Task { await model.submit() }
            }
        }
    }
#endif
