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
#if canImport(Combine)
    import Combine
#else
    import OpenCombine
#endif

/// The page a reset link opens in the app: redeem the link (or the emailed code) for a recovery
/// session, then take a new password twice under the shared `PasswordPolicy`, and save it.
@MainActor
public final class ResetPasswordModel: ObservableObject {
    public enum Source: Equatable, Sendable {
        /// The link from the email (`…/reset-password?token=`, a `/verify` link, or the app's
        /// redirect with `#access_token=…` or `?code=`).
        case link(URL)
        /// The 6-digit code from the email, with the address it went to.
        case code(email: String, code: String)
        /// A recovery session the app already holds (after a `passwordRecovery` event).
        case currentSession
    }

    public enum Phase: Equatable, Sendable {
        case verifying, ready, saving, done
        /// Used, expired, or opened on a device without the PKCE verifier: ask for a new link.
        case invalidLink
        /// The link could not be checked (offline, timeout, server error): `open()` again.
        case unavailable
        /// The link is for another account than the one signed in on this device: reset that
        /// account (`resetLinkAccount()`, which signs the other out) or go back
        /// (`keepSignedInAccount()`).
        case otherAccount
    }
    public enum Field: Hashable, Sendable { case password, confirmation }
    public enum Destination: Equatable, Sendable {
        case login, forgotPassword
        /// Leave the page as it was opened from: the signed-in account stays.
        case back
    }

    @Published public var newPassword = "" {
        didSet { if newPassword != oldValue { clearIfFixed() } }
    }

    @Published public var confirmation = "" {
        didSet { if confirmation != oldValue { clearIfFixed() } }
    }

    @Published public internal(set) var phase: Phase = .verifying
    @Published public internal(set) var fieldErrors: [Field: String] = [:]
    @Published public internal(set) var errorMessage: String?
    /// The account whose password is being reset.
    @Published public internal(set) var accountEmail: String?
    /// The account signed in on this device when the link is another's (`.otherAccount`).
    @Published public internal(set) var signedInEmail: String?
    @Published public internal(set) var destination: Destination?
    @Published public internal(set) var signals = UserSignals()

    let auth: any AuthClientProtocol
    let clock: any FeatureClock
    /// The link or code until it is redeemed or found spent; nil afterwards, so its token does
    /// not stay in memory for the page's lifetime.
    var source: Source?
    let policy: PasswordPolicy
    let requestTimeout: TimeSpan
    private var opening = false
    /// The recovery session the link or code gave: the password change is sent with it.
    private var recovery: Session?
    let request = OwnedRequest()

    public init(
        auth: any AuthClientProtocol, source: Source, clock: any FeatureClock = SystemClock(),
        policy: PasswordPolicy = PasswordPolicy(), requestTimeout: TimeSpan = .seconds(30)
    ) {
        self.auth = auth
        self.source = source
        self.clock = clock
        self.policy = policy
        self.requestTimeout = requestTimeout
    }

    public var passwordError: String? { fieldErrors[.password] }
    public var confirmationError: String? { fieldErrors[.confirmation] }
    public var areFieldsDisabled: Bool { phase != .ready }
    public var isButtonDisabled: Bool { phase != .ready || newPassword.isEmpty || confirmation.isEmpty || !fieldErrors.isEmpty }
    public var buttonLabel: String {
        phase == .saving ? UserFacingText.ResetPassword.saving : UserFacingText.ResetPassword.save
    }

    /// "Your password has been changed." once saved.
    public var successMessage: String? { phase == .done ? UserFacingText.passwordChanged : nil }

    /// Redeems the link or code. A used, expired or foreign link shows the invalid-link state
    /// with a way to ask for a new one; a network failure keeps the page retryable.
    public func open() async {
        await request.run { [self] in await redeem() }
    }

    /// Leaving the page: cancels the request in flight (redeeming the link or saving the
    /// password). Backgrounding the app is not leaving.
    public func cancel() {
        request.cancel()
    }

    private func redeem() async {
        guard !opening, phase == .verifying || phase == .unavailable else { return }
        opening = true
        defer { opening = false }
        phase = .verifying
        errorMessage = nil
        let auth = auth
        guard let source else { return }
        do {
            let session: Session? = try await withTimeout(requestTimeout, clock: clock) {
                switch source {
                case .link(let url): try await auth.session(from: url)
                case .code(let email, let code): try await auth.verifyOTP(email: email, token: code, type: .recovery)
                case .currentSession: await auth.recoverySession()
                }
            }
            guard let session else { throw AuthClientError.sessionMissing }
            self.source = nil
            adoptRecovery(session)
        } catch is CancellationError {
            return
        } catch let conflict as LinkSessionConflict {
            self.source = nil
            holdConflict(conflict)
        } catch {
            let linkProblem = Self.isLinkProblem(error)
            // A spent or invalid link is of no further use; a network failure keeps it for a retry.
            if linkProblem { self.source = nil }
            phase = linkProblem ? .invalidLink : .unavailable
            errorMessage = linkProblem ? UserFacingText.resetLinkInvalid : AuthClientError.userFacingMessage(for: error)
            signals.signal(.error, announcing: errorMessage)
        }
    }

    /// The recovery session the link or code gave: the form follows.
    func adoptRecovery(_ session: Session) {
        recovery = session
        accountEmail = session.user.email
        signedInEmail = nil
        phase = .ready
    }

    public func didBlur(_ field: Field) {
        let problem = problem(with: field, flagEmpty: false)
        if let problem, problem != fieldErrors[field] { signals.announce(problem) }
        fieldErrors[field] = problem
    }

    /// Saves the new password (`PUT /user` with the recovery session).
    public func submit() async {
        await request.run { [self] in await save() }
    }

    private func save() async {
        guard phase == .ready, let recovery else { return }
        fieldErrors[.password] = problem(with: .password, flagEmpty: true)
        fieldErrors[.confirmation] = problem(with: .confirmation, flagEmpty: true)
        guard fieldErrors.isEmpty else {
            signals.signal(.error, announcing: fieldErrors[.password] ?? fieldErrors[.confirmation])
            return
        }
        phase = .saving
        errorMessage = nil
        let auth = auth
        let password = newPassword
        do {
            _ = try await withTimeout(requestTimeout, clock: clock) { try await auth.updatePassword(password, using: recovery) }
            // The recovery session has done its job: it ends, and the page offers "Sign In".
            await auth.finishRecovery(recovery, keepSignedIn: false)
            self.recovery = nil
            phase = .done
            newPassword = ""
            confirmation = ""
            signals.signal(.success, announcing: UserFacingText.passwordChanged)
        } catch {
            phase = .ready
            if error is CancellationError { return }
            errorMessage = AuthClientError.userFacingMessage(for: error)
            signals.signal(.error, announcing: errorMessage)
        }
    }

    public func backToLogin() { destination = .login }
    /// From the invalid-link state: "Request a new link".
    public func requestNewLink() { destination = .forgotPassword }
    public func didNavigate() { destination = nil }

    func problem(with field: Field, flagEmpty: Bool) -> String? {
        switch field {
        case .password:
            let check = policy.check(newPassword)
            return check == .missing && !flagEmpty ? nil : UserFacingText.text(for: check)
        case .confirmation:
            // Core's rule, the one the server's pages apply; an empty field is only flagged on submit.
            let problem = PasswordConfirmation.problem(password: newPassword, confirmation: confirmation)
            return problem == .missing && !flagEmpty ? nil : problem.map(UserFacingText.text(for:))
        }
    }

    private func clearIfFixed() {
        for field in fieldErrors.keys where problem(with: field, flagEmpty: true) == nil {
            fieldErrors[field] = nil
        }
    }

    static func isLinkProblem(_ error: any Error) -> Bool {
        guard let error = error as? AuthClientError else { return false }
        switch error {
        case .invalidLink, .codeVerifierMissing, .sessionMissing: return true
        case .api(let api): return api.status == 0 || (400..<500).contains(api.status) && !api.isRateLimit
        default: return false
        }
    }
}
