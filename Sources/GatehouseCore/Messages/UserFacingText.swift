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

/// The texts people read, exactly as the specs word them, shared by the web pages, the SDK's
/// feature models and the server's form handling so every surface says the same thing.
public enum UserFacingText {
    public static let invalidEmail = "Invalid email address"
    public static let emailRequired = "Email is required"
    public static let emailAndPasswordRequired = "Email and password are required"
    public static let invalidCredentials = "Invalid email or password"
    public static let networkError = "Network error. Please check your connection and try again."
    public static let serverError = "Server error. Please try again later."
    public static let sessionTimedOut = "You were logged out due to inactivity. Please log in again."
    public static let passwordsDoNotMatch = "Passwords do not match"
    public static let resetLinkInvalid = "This link is invalid or has expired"
    public static let passwordChanged = "Your password has been changed."

    public static func passwordTooShort(minimum: Int) -> String {
        "Password must be at least \(minimum) characters"
    }

    public static let passwordTooLong = "Password must be at most \(PasswordPolicy.maximumBytes) bytes"

    /// A password on the server's list of common and breached passwords.
    public static let passwordTooCommon = "This password is too common. Choose another."

    /// The forgot-password success text: the same for every well-formed address.
    public static func resetLinkOnItsWay(to email: String) -> String {
        "If an account exists for \(email), a reset link is on its way"
    }

    public static func tooManyRequests(retryAfterSeconds seconds: Int) -> String {
        if seconds >= 120 {
            let minutes = (seconds + 59) / 60
            return "Too many attempts. Please try again in \(minutes) minutes."
        }
        return "Too many attempts. Please try again in \(max(1, seconds)) seconds."
    }

    // MARK: Errors the SDK maps server and network failures to (login spec §8, forgot-password spec §8)

    public static let emailNotConfirmed = "Please verify your email. Check your inbox for a verification link."
    public static let connectionTimedOut = "Connection timed out. Check your network and try again."
    public static let noInternetConnection = "No internet connection. Check your network."
    public static let invalidRequest = "Invalid request. Please try again."
    public static let accountDisabled = "This account is disabled. Please contact support."
    public static let samePassword = "New password should be different from the old password."
    public static let signupDisabled = "Sign-ups are currently disabled."
    public static let accountAlreadyExists = "An account with this email already exists. Try signing in."
    public static let passwordRequired = "Password is required"
    public static let confirmationRequired = "Please confirm your new password"

    // MARK: Forgot-password notices (spec 000 §2 and §8)

    /// "Send Another Email" tapped while the 60 s cooldown still runs.
    public static let alreadySentCheckInbox = "Already sent, check inbox"
    /// "Send Another Email" went through.
    public static let emailSentAgain = "Email sent again"

    /// "Link expires in 1 hour." — from the lifetime the server configured (never a fixed figure).
    public static func linkExpires(inSeconds seconds: Int) -> String {
        "Link expires in \(duration(seconds: seconds))."
    }

    /// "1 hour", "24 hours", "30 minutes", "45 seconds": a lifetime as people read it.
    public static func duration(seconds: Int) -> String {
        if seconds >= 3600, seconds % 3600 == 0 {
            let hours = seconds / 3600
            return hours == 1 ? "1 hour" : "\(hours) hours"
        }
        if seconds >= 60 {
            let minutes = seconds / 60
            return minutes == 1 ? "1 minute" : "\(minutes) minutes"
        }
        return seconds == 1 ? "1 second" : "\(max(0, seconds)) seconds"
    }

    /// After sign-up without autoconfirm: the same words whether or not the address was new.
    public static func confirmationOnItsWay(to email: String) -> String {
        "Check your inbox: a confirmation link is on its way to \(email)."
    }

    /// The text for an address that failed validation.
    public static func text(for error: EmailValidationError) -> String {
        switch error {
        case .missing: emailRequired
        case .tooLong, .invalidFormat: invalidEmail
        }
    }

    /// The text for a password the policy refuses, or nil when it is acceptable.
    public static func text(for check: PasswordCheck) -> String? {
        switch check {
        case .acceptable: nil
        case .missing: passwordRequired
        case .tooShort(let minimum): passwordTooShort(minimum: minimum)
        case .tooLong: passwordTooLong
        case .tooCommon: passwordTooCommon
        }
    }

    /// The text for a confirmation that does not match its password.
    public static func text(for problem: PasswordConfirmation) -> String {
        switch problem {
        case .missing: confirmationRequired
        case .mismatch: passwordsDoNotMatch
        }
    }
}

// MARK: - Labels of the app's pages, as the specs word them

extension UserFacingText {
    /// The login page (spec 002 §6).
    public enum Login {
        public static let signIn = "Sign In"
        public static let signingIn = "Signing in..."
        public static let validating = "Validating..."
        public static let emailLabel = "Email"
        public static let emailPlaceholder = "your.email@example.com"
        public static let passwordLabel = "Password"
        public static let passwordPlaceholder = "Enter your password"
        public static let rememberMe = "Remember me"
        public static let forgotPassword = "Forgot password?"
        public static let noAccount = "Don't have an account?"
        public static let createAccount = "Create one now"
        public static let backToWelcome = "← Back to Welcome"
        public static let dismiss = "Dismiss"
        public static let retry = "Retry"
        public static let signedInAnnouncement = "Signed in"
        /// Spec 002 §8 "Email Not Verified … Show resend verification option".
        public static let resendVerification = "Resend verification email"
        /// The divider's words (spec 002 §6 "New to Recruiting..."), with the product's name.
        public static let productName = "Gatehouse"
    }

    /// The forgot-password page (spec 000 §6, Story 1.4).
    public enum ForgotPassword {
        public static let title = "Reset Your Password"
        public static let subtitle = "Enter your email to receive a password reset link"
        public static let sendResetLink = "Send Reset Link"
        public static let sending = "Sending..."
        public static let validating = Login.validating
        public static let successTitle = "Check Your Email"
        public static let followTheLink = "Click the link in the email to reset your password."
        public static let sendAnother = "Send Another Email"
        public static let useDifferentEmail = "Use a different email address"
        public static let backToLogin = "← Back to Login"
        public static let signInInstead = "Sign in instead"

        /// Spec 000 §8 "Network Errors" and §2 "Network Error", this page's own words.
        public static let connectionTimedOut = "Connection timed out. Please check your connection."
        public static let noInternet = "No internet connection. Please try again."
        public static let networkError = "Network error. Please check your connection."
        /// Spec 003's fallback when the function says `success: false` without an `error`.
        public static let failedToSend = "Failed to send reset email"

        /// The resend button while its cooldown runs: "Send Another Email (42s)".
        public static func sendAnother(secondsLeft: Int) -> String {
            "\(sendAnother) (\(secondsLeft)s)"
        }
    }

    /// The page a reset link opens in the app.
    public enum ResetPassword {
        public static let title = "Choose a New Password"
        public static let checkingLink = "Checking your reset link..."
        public static let newPasswordLabel = "New password"
        public static let confirmPasswordLabel = "Confirm new password"
        public static let save = "Update Password"
        public static let saving = "Updating..."
        public static let requestNewLink = "Request a new link"
    }

    /// The sign-up page (linked from the login page's "Create one now").
    public enum SignUp {
        public static let title = "Create Account"
        public static let create = "Create Account"
        public static let creating = "Creating account..."
        public static let haveAccount = "Already have an account?"
        public static let signIn = "Sign in"
    }

    /// VoiceOver labels and hints (spec 002 §6 Accessibility); the control's trait (button, text
    /// field, link) is spoken by the system after the label.
    public enum Accessibility {
        public static let emailField = "Email address, required"
        public static let passwordField = "Password, required"
        public static let newPasswordField = "New password, required"
        public static let confirmPasswordField = "Confirm new password, required"
        public static let rememberMe = "Remember me, checkbox"
        public static let signInHint = "Sign in to your account"
        public static let forgotPasswordLink = "Forgot password link"
        public static let forgotPasswordHint = "Opens password recovery"
        public static let createAccountLink = "Create account link"
        public static let createAccountHint = "Navigate to sign up"
        public static let backToLoginLink = "Back to login"
        public static let sendResetLinkHint = "Sends a password reset link to this address"
        /// The real-time email check's icons (Story 1.4).
        public static let emailLooksValid = "Valid email address"
        public static let emailNotValidYet = "Not a valid email address yet"
        /// The stacked logo above the login form (spec 002 §6: the logo serves as heading).
        public static let logo = "Gatehouse"
    }
}

// MARK: - The server's web pages (sign-in, sign-up, recovery, account)

extension UserFacingText {
    /// "Too many login attempts. Please try again in 5 minutes." (login spec §2, §8), with the real wait.
    public static func tooManyLoginAttempts(retryAfterSeconds seconds: Int) -> String {
        "Too many login attempts. Please try again in \(retryWait(seconds: seconds))."
    }

    /// "Too many reset requests. Try again in 1 hour." (forgot-password spec §2, §8), with the real wait.
    public static func tooManyResetRequests(retryAfterSeconds seconds: Int) -> String {
        "Too many reset requests. Try again in \(retryWait(seconds: seconds))."
    }

    /// A wait, rounded up so it is never shorter than the real one: "45 seconds", "2 minutes", "1 hour".
    public static func retryWait(seconds: Int) -> String {
        let seconds = max(1, seconds)
        if seconds < 60 { return seconds == 1 ? "1 second" : "\(seconds) seconds" }
        if seconds < 3600 {
            let minutes = (seconds + 59) / 60
            return minutes == 1 ? "1 minute" : "\(minutes) minutes"
        }
        let hours = (seconds + 3599) / 3600
        return hours == 1 ? "1 hour" : "\(hours) hours"
    }

    /// The second line of the form-level error (login spec §6 "Form-Level Error").
    public static let checkAndTryAgain = "Please check and try again"
    /// A form posted without a valid CSRF token (it sat open too long, or came from elsewhere).
    public static let formExpired = "This form has expired. Please try again."
    /// On the login page, after a sign-up confirmation link.
    public static let emailConfirmed = "Your email address is confirmed. You can sign in now."
    public static let signedOut = "You have been signed out."
    public static let resendConfirmation = "Resend verification email"
    public static let currentPasswordIncorrect = "Current password is incorrect"
    public static let otherSessionsSignedOut = "Every other device was signed out."
    /// After a reset link was used: every session of the account ended, this browser's too.
    public static let allSessionsSignedOut = "Every device signed in to this account was signed out."
    public static let signInSubtitle = "Sign in to your account"
    public static let welcomeTitle = "Welcome"
    public static let welcomeSubtitle = "Sign in to your account, or create one in a minute."
    public static let resendAvailableNow = "You can send another email now."

    /// The divider on the login page: "New to Gatehouse?".
    public static func newHere(product: String) -> String { "New to \(product)?" }

    public static func signUpSubtitle(product: String) -> String { "Create your \(product) account with your email address." }

    /// Under a new-password field: "At least 8 characters".
    public static func passwordHint(minimum: Int) -> String { "At least \(minimum) characters" }

    /// Under "Send Another Email" while its window runs: "You can send another email in 60 seconds."
    public static func resendAvailable(inSeconds seconds: Int) -> String {
        "You can send another email in \(retryWait(seconds: seconds))."
    }

    /// The signed-in account page.
    public enum Account {
        public static let title = "Your Account"
        public static let signedInAs = "Signed in as"
        public static let confirmedLabel = "Email confirmed"
        public static let notConfirmed = "Not yet"
        public static let lastSignInLabel = "Last sign-in"
        public static let memberSinceLabel = "Member since"
        public static let signOut = "Sign Out"
        public static let signingOut = "Signing out..."
        public static let changePassword = "Change Password"
        public static let changingPassword = "Changing password..."
        public static let currentPasswordLabel = "Current password"
    }
}

extension UserFacingText.SignUp {
    public static let confirmPasswordLabel = "Confirm password"
}

extension UserFacingText.ResetPassword {
    public static let subtitle = "Choose a new password for your account."
    public static let doneTitle = "Password Changed"
    public static let invalidTitle = "Reset Link Unavailable"

    public static func invalidExplanation(lifetime: String) -> String {
        "Reset links work once and expire \(lifetime) after they are sent. Request a new one below."
    }
}
