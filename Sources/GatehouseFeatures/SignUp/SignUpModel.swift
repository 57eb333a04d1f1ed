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

/// The sign-up page the login page links to ("Create one now"): the same field rules as login
/// (the specs' email pattern, the shared password policy), then either a session (the server
/// confirms at once) or "check your inbox".
@MainActor
public final class SignUpModel: ObservableObject {
    public enum Field: Hashable, Sendable { case email, password }
    public enum Phase: Equatable, Sendable { case form, loading, awaitingConfirmation, signedIn }
    public enum Destination: Equatable, Sendable { case dashboard, login }

    @Published public var email = "" {
        didSet {
            if email != oldValue, fieldErrors[.email] != nil, problem(with: .email, flagEmpty: true) == nil { fieldErrors[.email] = nil }
        }
    }

    @Published public var password = "" {
        didSet {
            if password != oldValue, fieldErrors[.password] != nil, problem(with: .password, flagEmpty: true) == nil {
                fieldErrors[.password] = nil
            }
        }
    }

    /// "Remember me" for the session sign-up opens when the server confirms at once: off keeps
    /// it in memory only, as on the login page.
    @Published public var rememberMe: Bool

    @Published public internal(set) var phase: Phase = .form
    @Published public internal(set) var fieldErrors: [Field: String] = [:]
    @Published public internal(set) var errorMessage: String?
    @Published public internal(set) var confirmationMessage: String?
    /// Who signed in, when the server confirmed at once. The page keeps no copy of the
    /// session's tokens.
    @Published public internal(set) var signedInUser: User?
    @Published public internal(set) var destination: Destination?
    @Published public internal(set) var signals = UserSignals()

    let request = OwnedRequest()
    let auth: any AuthClientProtocol
    let clock: any FeatureClock
    let policy: PasswordPolicy
    let redirectTo: URL?
    let requestTimeout: TimeSpan

    public init(
        auth: any AuthClientProtocol, clock: any FeatureClock = SystemClock(), policy: PasswordPolicy = PasswordPolicy(),
        redirectTo: URL? = nil, requestTimeout: TimeSpan = .seconds(30), rememberMe: Bool = false
    ) {
        self.rememberMe = rememberMe
        self.auth = auth
        self.clock = clock
        self.policy = policy
        self.redirectTo = redirectTo
        self.requestTimeout = requestTimeout
    }

    public var isLoading: Bool { phase == .loading }
    public var isFormValid: Bool {
        !email.trimmingCharacters(in: .whitespaces).isEmpty && !password.isEmpty && fieldErrors.isEmpty
    }
    public var isButtonDisabled: Bool { isLoading || !isFormValid }
    /// The fields and "Remember me" take no input while the account is being created.
    public var areFieldsDisabled: Bool { isLoading }
    public var buttonLabel: String { isLoading ? UserFacingText.SignUp.creating : UserFacingText.SignUp.create }

    public func didBlur(_ field: Field) {
        let problem = problem(with: field, flagEmpty: false)
        if let problem, problem != fieldErrors[field] { signals.announce(problem) }
        fieldErrors[field] = problem
    }

    /// Creates the account with the model's own request: `cancel()` ends it.
    public func submit() async {
        await request.run { [self] in await signUp() }
    }

    /// Leaving the page: cancels the request in flight, and a session that still arrives is
    /// ended instead of kept. Backgrounding the app is not leaving.
    public func cancel() {
        request.cancel()
        password = ""
    }

    private func signUp() async {
        guard phase == .form else { return }
        fieldErrors[.email] = problem(with: .email, flagEmpty: true)
        fieldErrors[.password] = problem(with: .password, flagEmpty: true)
        guard fieldErrors.isEmpty, let address = try? EmailAddress(validating: email) else {
            signals.signal(.error, announcing: fieldErrors[.email] ?? fieldErrors[.password])
            return
        }
        phase = .loading
        errorMessage = nil
        let auth = auth
        let password = password
        let redirectTo = redirectTo
        let rememberMe = rememberMe
        let landed = LandedSession()
        do {
            let result = try await withTimeout(requestTimeout, clock: clock) {
                let result = try await auth.signUp(
                    email: address.normalized, password: password, data: nil, redirectTo: redirectTo, rememberMe: rememberMe)
                if case .signedIn(let session) = result { landed.record(session) }
                return result
            }
            _ = landed.take()
            if Task.isCancelled {
                // The answer landed after the user left: nothing of it is shown or kept.
                phase = .form
                if case .signedIn(let session) = result { await endLateSession(session, auth: auth) }
                return
            }
            // Used: the password leaves the model.
            self.password = ""
            switch result {
            case .signedIn(let session):
                signedInUser = session.user
                phase = .signedIn
                destination = .dashboard
                signals.signal(.success, announcing: UserFacingText.Login.signedInAnnouncement)
            case .confirmationRequired:
                let message = UserFacingText.confirmationOnItsWay(to: address.normalized)
                confirmationMessage = message
                phase = .awaitingConfirmation
                signals.signal(.success, announcing: message)
            }
        } catch {
            phase = .form
            // Cancelled or timed out on the page, yet the answer landed: end what the client kept.
            if let late = landed.take() { await endLateSession(late, auth: auth) }
            if error is CancellationError { return }
            errorMessage = AuthClientError.userFacingMessage(for: error)
            signals.signal(.error, announcing: errorMessage)
        }
    }

    public func signInInstead() { destination = .login }
    public func didNavigate() { destination = nil }

    func problem(with field: Field, flagEmpty: Bool) -> String? {
        switch field {
        case .email:
            do {
                _ = try EmailAddress(validating: email)
                return nil
            } catch {
                return error == .missing && !flagEmpty ? nil : UserFacingText.text(for: error)
            }
        case .password:
            let check = policy.check(password)
            return check == .missing && !flagEmpty ? nil : UserFacingText.text(for: check)
        }
    }
}
