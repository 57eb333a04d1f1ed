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

import GatehouseCore
import Testing

/// Spec 000 §6's words on the forgot-password page. `ForgotPasswordView` takes every title,
/// label and caption from these constants, so a word changed here is a word changed on the page.
@Suite("Forgot-password page texts (spec 000 §6)")
struct ForgotPasswordPageTextsTests {
    private typealias Copy = UserFacingText.ForgotPassword

    /// Layout "Form State": the headline and the subtitle under it.
    @Test func theFormsHeadlineAndSubtitle() {
        #expect(Copy.title == "Reset Your Password")
        #expect(Copy.subtitle == "Enter your email to receive a password reset link")
    }

    /// "Email Input: Same as Login page", with the placeholder "your.email@example.com".
    @Test func theEmailFieldIsTheLoginPagesField() {
        #expect(UserFacingText.Login.emailLabel == "Email")
        #expect(UserFacingText.Login.emailPlaceholder == "your.email@example.com")
    }

    /// "Send Reset Link Button: Default / Loading / Validating".
    @Test func theButtonsThreeLabels() {
        #expect(Copy.sendResetLink == "Send Reset Link")
        #expect(Copy.sending == "Sending...")
        #expect(Copy.validating == "Validating...")
    }

    /// Layout "Success State": the headline and the success box's next step.
    @Test func theSuccessStatesTitleAndNextStep() {
        #expect(Copy.successTitle == "Check Your Email")
        #expect(Copy.followTheLink == "Click the link in the email to reset your password.")
    }

    /// "Send Another Button … Label" and "Use Different Email Link … Label".
    @Test func theSuccessStatesActions() {
        #expect(Copy.sendAnother == "Send Another Email")
        #expect(Copy.useDifferentEmail == "Use a different email address")
    }

    /// "Back Links: Top '← Back to Login', Bottom 'Sign in instead'".
    @Test func theBackLinks() {
        #expect(Copy.backToLogin == "← Back to Login")
        #expect(Copy.signInInstead == "Sign in instead")
    }
}

/// Spec 002 §6's words on the login page. `LoginView` takes them from these constants.
@Suite("Login page texts (spec 002 §6)")
struct LoginPageTextsTests {
    private typealias Copy = UserFacingText.Login

    /// "Email Input" and "Password Input": the labels above the fields and their placeholders.
    @Test func theFieldsLabelsAndPlaceholders() {
        #expect(Copy.emailLabel == "Email")
        #expect(Copy.emailPlaceholder == "your.email@example.com")
        #expect(Copy.passwordLabel == "Password")
        #expect(Copy.passwordPlaceholder == "Enter your password")
    }

    /// The back link, "Remember me", "Forgot password?", and "Don't have account? [Create one now]".
    @Test func theLinksAndCheckboxLabels() {
        #expect(Copy.backToWelcome == "← Back to Welcome")
        #expect(Copy.rememberMe == "Remember me")
        #expect(Copy.forgotPassword == "Forgot password?")
        #expect(Copy.noAccount == "Don't have an account?")
        #expect(Copy.createAccount == "Create one now")
    }

    /// "Form-Level Error … [Dismiss ✕]" and §2/§8 "Recovery: Retry button in error message".
    @Test func theErrorSummarysActions() {
        #expect(Copy.dismiss == "Dismiss")
        #expect(Copy.retry == "Retry")
    }
}

/// What VoiceOver reads for the pages' controls (spec 002 §6 "Accessibility", Story 1.4). The
/// system speaks the control's trait ("text field", "secure text field", "button", "link")
/// after the label, and the hint after that.
@Suite("VoiceOver labels (spec 002 §6, Story 1.4)")
struct VoiceOverLabelTests {
    private typealias A11y = UserFacingText.Accessibility

    /// "Email address, required, text field" and "Password, required, secure text field".
    @Test func theLoginFieldsLabels() {
        #expect(A11y.emailField == "Email address, required")
        #expect(A11y.passwordField == "Password, required")
    }

    /// "Remember me, checkbox".
    @Test func theRememberMeLabel() {
        #expect(A11y.rememberMe == "Remember me, checkbox")
    }

    /// "Sign In button, sign in to your account", "Forgot password link, opens password
    /// recovery", "Create account link, navigate to sign up": label, trait, then hint.
    @Test func theButtonAndLinksLabelsAndHints() {
        #expect(UserFacingText.Login.signIn == "Sign In")
        #expect(A11y.signInHint == "Sign in to your account")
        #expect(A11y.forgotPasswordLink == "Forgot password link")
        #expect(A11y.forgotPasswordHint == "Opens password recovery")
        #expect(A11y.createAccountLink == "Create account link")
        #expect(A11y.createAccountHint == "Navigate to sign up")
    }

    /// Story 1.4: "Verify email field has proper label" and "Ensure 'Back to Login' button is
    /// accessible with proper label"; the send button says what it does.
    @Test func theForgotPasswordPagesLabels() {
        #expect(A11y.emailField == "Email address, required")
        #expect(A11y.backToLoginLink == "Back to login")
        #expect(A11y.sendResetLinkHint == "Sends a password reset link to this address")
    }
}
