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

/// The login page of spec 002 as a state machine: fields validated on blur, the button's state
/// and label, one request per submit, the error summary, the `?reason=timeout` banner,
/// "remember me" and the rate-limit countdown. Views bind to it and forward `signals`.
@MainActor
public final class LoginModel: ObservableObject {
    public enum Field: Hashable, Sendable { case email, password }
    public enum Phase: Equatable, Sendable { case idle, validating, loading }
    public enum Destination: Equatable, Sendable {
        case dashboard
        case forgotPassword(prefill: String)
        case signUp
        case welcome
    }

    /// The spec's input limit for both fields.
    public static let fieldMaximumLength = 255

    @Published public var email = "" {
        didSet {
            if email.count > Self.fieldMaximumLength { email = String(email.prefix(Self.fieldMaximumLength)) }
            clearErrorIfFixed(.email)
        }
    }

    @Published public var password = "" {
        didSet {
            if password.count > Self.fieldMaximumLength { password = String(password.prefix(Self.fieldMaximumLength)) }
            clearErrorIfFixed(.password)
        }
    }

    @Published public var rememberMe: Bool

    @Published public internal(set) var fieldErrors: [Field: String] = [:]
    @Published public internal(set) var phase: Phase = .idle
    @Published public internal(set) var showsTimeoutBanner: Bool
    @Published public internal(set) var destination: Destination?
    /// Who signed in. The session itself stays with the client (`AuthManager` follows it): the
    /// page keeps no copy of its tokens.
    @Published public internal(set) var signedInUser: User?
    /// Set when a session came back for an address that is not confirmed yet.
    @Published public internal(set) var emailVerificationNotice: String?
    @Published public internal(set) var signals = UserSignals()
    /// The address a "Resend verification email" goes to: set when the server says (or the
    /// session shows) that it is not confirmed yet.
    @Published public internal(set) var unconfirmedEmail: String?
    /// What the resend did: "Check your inbox: …", "Already sent, check inbox", or its error.
    @Published public internal(set) var resendNotice: String?
    @Published public internal(set) var isResending = false
    /// The "Sign in with a passkey" path (see `LoginModel+Passkey.swift`).
    @Published public internal(set) var passkeyState: PasskeySignInState = .idle

    /// The error summary's text, other than a rate limit (that one counts down).
    @Published var storedError: String?
    @Published var deadlines = Deadlines()
    /// Advanced every second while a countdown runs, so views redraw it.
    @Published var tick = 0
    let ticker: SecondTicker
    let request = OwnedRequest()
    let auth: any AuthClientProtocol
    let clock: any FeatureClock
    let policy: PasswordPolicy
    let requestTimeout: TimeSpan
    let reachability: any NetworkReachability
    let logger: Logger
    /// The device's passkeys; nil where the platform has none (no passkey button).
    let passkeyCeremony: (any PasskeyCeremony)?
    static let rateLimitKey = "login"
    static let resendKey = "resend"

    /// - Parameters:
    ///   - reason: the page's `reason` query parameter; `timeout` shows the inactivity banner.
    public init(
        auth: any AuthClientProtocol, clock: any FeatureClock = SystemClock(), reason: String? = nil,
        rememberMe: Bool = false, policy: PasswordPolicy = PasswordPolicy(), requestTimeout: TimeSpan = .seconds(30),
        reachability: any NetworkReachability = systemReachability(), logger: Logger = Logger(label: "gatehouse.features.login"),
        passkeyCeremony: (any PasskeyCeremony)? = nil
    ) {
        self.passkeyCeremony = passkeyCeremony
        self.auth = auth
        self.reachability = reachability
        self.logger = logger
        self.clock = clock
        self.policy = policy
        self.requestTimeout = requestTimeout
        self.rememberMe = rememberMe
        self.showsTimeoutBanner = reason == "timeout"
        self.ticker = SecondTicker(clock: clock)
    }

    /// The `reason` query parameter of a route such as `myapp://login?reason=timeout`.
    public static func reason(in url: URL) -> String? {
        URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems?.first { $0.name == "reason" }?.value
    }

    // MARK: What the page shows

    public var isLoading: Bool { phase == .loading }
    public var isValidating: Bool { phase == .validating }
    public var emailError: String? { fieldErrors[.email] }
    /// Green check / red cross as the person types (Story 1.4's visual feedback, on both pages).
    public var emailFeedback: EmailFeedback { EmailFeedback(email) }
    public var passwordError: String? { fieldErrors[.password] }
    public var timeoutBannerText: String? { showsTimeoutBanner ? UserFacingText.sessionTimedOut : nil }

    /// The spec's `isFormValid`: both fields filled and no field error.
    public var isFormValid: Bool {
        !email.trimmingCharacters(in: .whitespaces).isEmpty && !password.isEmpty && fieldErrors.isEmpty
    }

    /// Seconds until a rate-limited sign-in may be tried again (0 when not limited).
    public var rateLimitSecondsLeft: Int {
        _ = tick
        return deadlines.secondsLeft(Self.rateLimitKey, now: clock.now)
    }

    public var isRateLimited: Bool { rateLimitSecondsLeft > 0 }

    /// The spec's `isButtonDisabled`, plus "cannot submit until the wait is over".
    public var isButtonDisabled: Bool { isLoading || isValidating || !isFormValid || isRateLimited || isPasskeySigningIn }
    /// Fields take no input while a request or validation runs.
    public var areFieldsDisabled: Bool { isLoading || isValidating || isPasskeySigningIn }

    public var buttonLabel: String { Self.buttonLabel(for: phase) }

    public static func buttonLabel(for phase: Phase) -> String {
        switch phase {
        case .idle: UserFacingText.Login.signIn
        case .validating: UserFacingText.Login.validating
        case .loading: UserFacingText.Login.signingIn
        }
    }

    /// The error summary: hidden while loading; a rate limit counts down and then disappears.
    public var errorMessage: String? {
        if isLoading { return nil }
        let left = rateLimitSecondsLeft
        // Spec 002 §8: "Too many login attempts. Please try again in [X] minutes.", X from Retry-After.
        if left > 0 { return UserFacingText.tooManyLoginAttempts(retryAfterSeconds: left) }
        return storedError
    }

    // MARK: Editing

    /// Validation on blur: each field on its own (an email error never blocks the password's).
    /// An empty field is not flagged until submit.
    public func didBlur(_ field: Field) {
        let problem = problem(with: field, flagEmpty: false)
        // VoiceOver hears what was found; the text under the field says it to everyone else.
        if let problem, problem != fieldErrors[field] { signals.announce(problem) }
        fieldErrors[field] = problem
    }

    /// Return key: submit when the form can be submitted, nothing otherwise.
    public func returnKeyPressed() async {
        guard !isButtonDisabled else { return }
        await submit()
    }

    public func toggleRememberMe() {
        rememberMe.toggle()
    }

    public func dismissError() {
        storedError = nil
    }

    public func dismissTimeoutBanner() {
        showsTimeoutBanner = false
    }

    // MARK: Navigation

    public func forgotPassword() { destination = .forgotPassword(prefill: email.trimmingCharacters(in: .whitespaces)) }
    public func createAccount() { destination = .signUp }
    public func backToWelcome() { destination = .welcome }
    public func didNavigate() { destination = nil }

    /// Clears the form when the page is dismissed (a new attempt each time).
    public func reset() {
        email = ""
        password = ""
        fieldErrors = [:]
        storedError = nil
        emailVerificationNotice = nil
        unconfirmedEmail = nil
        resendNotice = nil
        signedInUser = nil
        destination = nil
        if passkeyState != .inProgress { passkeyState = .idle }
    }

    func problem(with field: Field, flagEmpty: Bool) -> String? {
        switch field {
        case .email:
            do {
                _ = try EmailAddress(validating: email)
                return nil
            } catch {
                if error == .missing, !flagEmpty { return nil }
                return UserFacingText.text(for: error)
            }
        case .password:
            switch policy.check(password) {
            case .missing: return flagEmpty ? UserFacingText.passwordRequired : nil
            case .tooShort(let minimum): return UserFacingText.passwordTooShort(minimum: minimum)
            // An existing password cannot exceed the server's ceiling; the server answers it. A
            // common password set before the list existed still signs in.
            case .acceptable, .tooLong, .tooCommon: return nil
            }
        }
    }

    private func clearErrorIfFixed(_ field: Field) {
        if fieldErrors[field] != nil, problem(with: field, flagEmpty: true) == nil { fieldErrors[field] = nil }
    }
}
