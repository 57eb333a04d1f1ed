#if canImport(SwiftUI)
    import GatehouseCore
    import GatehouseFeatures
    import SwiftUI

    /// The page a reset link opens: checks the link, then takes the new password twice.
    public struct ResetPasswordView: View {
        @Bindable private var model: ResetPasswordModel
        @FocusState private var focus: ResetPasswordModel.Field?

        public init(model: ResetPasswordModel) {
            self.model = model
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
            .onChange(of: focus) { previous, _ in
                if let previous { model.didBlur(previous) }
            }
            .forwarding(model.signals)
            // Leaving the screen cancels its request (issue 22.6); a late sign-in is not kept.
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
            case .ready, .saving:
                form
            }
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
            FormField(label: Copy.confirmPasswordLabel, systemImage: "lock", error: model.confirmationError) {
                SecureField(Copy.confirmPasswordLabel, text: $model.confirmation)
                    .passwordInput(isNew: true)
                    .focused($focus, equals: .confirmation)
                    .submitLabel(.done)
                    .onSubmit { Task { await model.submit() } }
                    .accessibilityLabel(UserFacingText.Accessibility.confirmPasswordField)
            }
            PrimaryButton(title: model.buttonLabel, isBusy: model.phase == .saving, isDisabled: model.isButtonDisabled) {
                focus = nil
                Task { await model.submit() }
            }
        }
    }
#endif
