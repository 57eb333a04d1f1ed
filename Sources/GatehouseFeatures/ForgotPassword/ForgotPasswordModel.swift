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
import Logging
#if canImport(Combine)
    import Combine
#else
    import OpenCombine
#endif

/// The forgot-password page (spec 000, Story 1.4, with DESIGN's decisions): a form, then a
/// success state that names the address with the same enumeration-safe words for every
/// well-formed address, "Send Another Email" behind a 60 s cooldown per address, and
/// "Use a different email address". Works with any `PasswordResetService`.
@MainActor
public final class ForgotPasswordModel: ObservableObject {
    public enum Phase: Equatable, Sendable { case form, sent }
    public enum Destination: Equatable, Sendable { case login }

    @Published public var email: String {
        didSet {
            if email.count > EmailAddress.maximumLength { email = String(email.prefix(EmailAddress.maximumLength)) }
            // Story 1.4: the error clears as soon as the person starts typing again.
            if email != oldValue { emailError = nil }
        }
    }

    @Published public internal(set) var phase: Phase = .form
    @Published public internal(set) var emailError: String?
    @Published public internal(set) var isLoading = false
    @Published public internal(set) var isValidating = false
    /// The address the link went to (normalized), shown in the success state.
    @Published public internal(set) var submittedEmail: String?
    /// "Already sent, check inbox" or "Email sent again".
    @Published public internal(set) var notice: String?
    @Published public internal(set) var destination: Destination?
    @Published public internal(set) var signals = UserSignals()
    /// The backend's link lifetime, when it tells (spec 004's `link_expires_in`).
    @Published public internal(set) var linkLifetime: Int?
    /// The backend's own success text (spec 003's and spec 004's `message`), shown instead of
    /// the local one when it gave one.
    @Published public internal(set) var backendMessage: String?

    @Published var storedError: String?
    @Published var deadlines = Deadlines()
    @Published var tick = 0
    let ticker: SecondTicker
    let request = OwnedRequest()
    let service: any PasswordResetService
    let clock: any FeatureClock
    let cooldown: TimeSpan
    let requestTimeout: TimeSpan
    let reachability: any NetworkReachability
    let logger: Logger
    static let rateLimitKey = "#rate-limit"

    /// - Parameters:
    ///   - prefillEmail: the login page's address (Story 1.4: autofilled when navigated from it).
    ///   - linkLifetime: the server's configured lifetime, when known beforehand (GoTrue's
    ///     `/recover` does not tell it).
    public init(
        service: any PasswordResetService, clock: any FeatureClock = SystemClock(), prefillEmail: String? = nil,
        linkLifetime: Int? = nil, cooldown: TimeSpan = .seconds(60), requestTimeout: TimeSpan = .seconds(30),
        reachability: any NetworkReachability = systemReachability(), logger: Logger = Logger(label: "gatehouse.features.forgot-password")
    ) {
        self.service = service
        self.reachability = reachability
        self.logger = logger
        self.clock = clock
        self.email = prefillEmail?.trimmingCharacters(in: .whitespaces) ?? ""
        self.linkLifetime = linkLifetime
        self.cooldown = cooldown
        self.requestTimeout = requestTimeout
        self.ticker = SecondTicker(clock: clock)
    }

    // MARK: The form

    /// Real-time check for the field's checkmark (Story 1.4's visual feedback).
    public var isEmailValid: Bool { EmailAddress.isValid(email) }

    /// Story 1.4: green check / red cross as the person types.
    public var emailFeedback: EmailFeedback { EmailFeedback(email) }

    /// Spec 000 §6 "Disabled until: valid email entered" (spec 001: "no @ → button disabled").
    public var isFormValid: Bool {
        EmailAddress.isValid(email.trimmingCharacters(in: .whitespaces)) && emailError == nil
    }

    /// Off while a request runs, while the address is not one, and while a 429's wait lasts.
    public var isButtonDisabled: Bool { isLoading || isValidating || !isFormValid || isRateLimited }

    /// Seconds until a rate-limited request may be sent again (0 when not limited).
    public var rateLimitSecondsLeft: Int { secondsLeft(Self.rateLimitKey) }

    public var isRateLimited: Bool { rateLimitSecondsLeft > 0 }

    public var buttonLabel: String {
        isLoading
            ? UserFacingText.ForgotPassword.sending
            : isValidating ? UserFacingText.ForgotPassword.validating : UserFacingText.ForgotPassword.sendResetLink
    }

    /// Validation on blur; an empty field is flagged only on submit.
    public func emailDidBlur() {
        let problem = Self.problem(with: email, flagEmpty: false)
        if let problem, problem != emailError { signals.announce(problem) }
        emailError = problem
    }

    /// The error summary: hidden while sending; a rate limit counts down.
    public var errorMessage: String? {
        if isLoading { return nil }
        let left = secondsLeft(Self.rateLimitKey)
        // Spec 000 §8: "Too many reset requests. Try again in 1 hour.", with the server's real wait.
        if left > 0 { return UserFacingText.tooManyResetRequests(retryAfterSeconds: left) }
        return storedError
    }

    public func dismissError() {
        storedError = nil
    }

    // MARK: The success state

    /// "If an account exists for …, a reset link is on its way": the same for every address, and
    /// after the backend's own success text when it gave one (specs 003, 004: "show success
    /// message"), so the address is on the page whatever the backend (spec 000: "Success page
    /// shows email address and next steps").
    public var successMessage: String? {
        guard let submittedEmail else { return nil }
        let local = UserFacingText.resetLinkOnItsWay(to: submittedEmail)
        guard let backendMessage, !backendMessage.contains(submittedEmail) else { return backendMessage ?? local }
        return backendMessage + "\n" + local
    }

    /// "We've sent you a password reset link" under "Check Your Email" (spec 000 §6).
    public var successSubtitle: String? { phase == .sent ? UserFacingText.ForgotPassword.successSubtitle : nil }

    /// "Link expires in 1 hour.", when the lifetime is known.
    public var linkExpiryText: String? {
        linkLifetime.map(UserFacingText.linkExpires(inSeconds:))
    }

    /// Seconds before "Send Another Email" works again for the submitted address.
    public var resendSecondsLeft: Int {
        guard let submittedEmail else { return 0 }
        return max(secondsLeft(submittedEmail), secondsLeft(Self.rateLimitKey))
    }

    public var isResendDisabled: Bool { isLoading || resendSecondsLeft > 0 }

    public var resendLabel: String {
        let left = resendSecondsLeft
        return left > 0 ? UserFacingText.ForgotPassword.sendAnother(secondsLeft: left) : UserFacingText.ForgotPassword.sendAnother
    }

    /// "Use a different email address": back to an empty form.
    public func useDifferentEmail() {
        phase = .form
        email = ""
        emailError = nil
        storedError = nil
        notice = nil
        submittedEmail = nil
        backendMessage = nil
    }

    /// "← Back to Login" / "Sign in instead".
    public func backToLogin() { destination = .login }
    public func didNavigate() { destination = nil }

    // MARK: Helpers

    func secondsLeft(_ key: String) -> Int {
        _ = tick
        return deadlines.secondsLeft(key, now: clock.now)
    }

    static func problem(with email: String, flagEmpty: Bool) -> String? {
        do {
            _ = try EmailAddress(validating: email)
            return nil
        } catch {
            return error == .missing && !flagEmpty ? nil : UserFacingText.text(for: error)
        }
    }
}
