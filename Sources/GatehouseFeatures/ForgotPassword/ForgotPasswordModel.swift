import Foundation
import GatehouseClient
import GatehouseCore
import Logging
import Observation

/// The forgot-password page (spec 000, Story 1.4, with DESIGN's decisions): a form, then a
/// success state that names the address with the same enumeration-safe words for every
/// well-formed address, "Send Another Email" behind a 60 s cooldown per address, and
/// "Use a different email address". Works with any `PasswordResetService`.
@Observable
@MainActor
public final class ForgotPasswordModel {
    public enum Phase: Equatable, Sendable { case form, sent }
    public enum Destination: Equatable, Sendable { case login }

    public var email: String {
        didSet {
            if email.count > EmailAddress.maximumLength { email = String(email.prefix(EmailAddress.maximumLength)) }
            // Story 1.4: the error clears as soon as the person starts typing again.
            if email != oldValue { emailError = nil }
        }
    }

    public internal(set) var phase: Phase = .form
    public internal(set) var emailError: String?
    public internal(set) var isLoading = false
    public internal(set) var isValidating = false
    /// The address the link went to (normalized), shown in the success state.
    public internal(set) var submittedEmail: String?
    /// "Already sent, check inbox" or "Email sent again".
    public internal(set) var notice: String?
    public internal(set) var destination: Destination?
    public internal(set) var signals = UserSignals()
    /// The backend's link lifetime, when it tells (spec 004's `link_expires_in`).
    public internal(set) var linkLifetime: Int?
    /// The backend's own success text (spec 003's and spec 004's `message`), shown instead of
    /// the local one when it gave one.
    public internal(set) var backendMessage: String?

    var storedError: String?
    var deadlines = Deadlines()
    var tick = 0
    @ObservationIgnored let ticker: SecondTicker
    @ObservationIgnored let request = OwnedRequest()
    @ObservationIgnored let service: any PasswordResetService
    @ObservationIgnored let clock: any FeatureClock
    @ObservationIgnored let cooldown: Duration
    @ObservationIgnored let requestTimeout: Duration
    @ObservationIgnored let reachability: any NetworkReachability
    @ObservationIgnored let logger: Logger
    static let rateLimitKey = "#rate-limit"

    /// - Parameters:
    ///   - prefillEmail: the login page's address (Story 1.4: autofilled when navigated from it).
    ///   - linkLifetime: the server's configured lifetime, when known beforehand (GoTrue's
    ///     `/recover` does not tell it).
    public init(
        service: any PasswordResetService, clock: any FeatureClock = SystemClock(), prefillEmail: String? = nil,
        linkLifetime: Int? = nil, cooldown: Duration = .seconds(60), requestTimeout: Duration = .seconds(30),
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

    public var isFormValid: Bool {
        !email.trimmingCharacters(in: .whitespaces).isEmpty && emailError == nil
    }

    public var isButtonDisabled: Bool { isLoading || isValidating || !isFormValid }

    public var buttonLabel: String {
        isLoading
            ? UserFacingText.ForgotPassword.sending
            : isValidating ? UserFacingText.ForgotPassword.validating : UserFacingText.ForgotPassword.sendResetLink
    }

    /// Validation on blur; an empty field is flagged only on submit.
    public func emailDidBlur() {
        emailError = Self.problem(with: email, flagEmpty: false)
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

    /// The backend's success text when it gave one (specs 003, 004: "show success message"),
    /// else "If an account exists for …, a reset link is on its way": the same for every address.
    public var successMessage: String? {
        guard let submittedEmail else { return nil }
        return backendMessage ?? UserFacingText.resetLinkOnItsWay(to: submittedEmail)
    }

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
