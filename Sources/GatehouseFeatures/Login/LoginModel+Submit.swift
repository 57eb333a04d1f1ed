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

import GatehouseClient
import GatehouseCore
import Logging

extension LoginModel {
    /// Signs in: validates both fields, sends one request (later taps are ignored until it
    /// ends), gives up after the request timeout, and shows the outcome. The request is the
    /// model's own: `cancel()` ends it.
    public func submit() async {
        await request.run { [self] in await signIn() }
    }

    /// Leaving the page: cancels a sign-in in flight, and a session that still arrives is ended
    /// instead of kept. Both fields are cleared (spec 002: "Email field value: clear on page
    /// dismiss", a new login attempt each time); "Forgot password?" has already taken the
    /// address along. Backgrounding the app is not leaving.
    public func cancel() {
        request.cancel()
        email = ""
        password = ""
        fieldErrors = [:]
    }

    private func signIn() async {
        guard phase == .idle, !isRateLimited else { return }
        if email.trimmingCharacters(in: .whitespaces).isEmpty || password.isEmpty {
            fail(UserFacingText.emailAndPasswordRequired)
            return
        }
        phase = .validating
        fieldErrors[.email] = problem(with: .email, flagEmpty: true)
        fieldErrors[.password] = problem(with: .password, flagEmpty: true)
        guard fieldErrors.isEmpty, let address = try? EmailAddress(validating: email) else {
            phase = .idle
            signals.signal(.error, announcing: fieldErrors[.email] ?? fieldErrors[.password])
            return
        }
        // Spec 002 §8 "No Internet Connection": checked before sending, said at once.
        let reachable = await reachability.isReachable()
        // The person left during the check: nothing is sent.
        if Task.isCancelled {
            phase = .idle
            return
        }
        guard reachable else {
            phase = .idle
            fail(UserFacingText.noInternetConnection)
            return
        }
        phase = .loading
        storedError = nil
        emailVerificationNotice = nil
        unconfirmedEmail = nil
        resendNotice = nil
        let auth = auth
        let password = password
        let rememberMe = rememberMe
        let landed = LandedSession()
        do {
            let session = try await withTimeout(requestTimeout, clock: clock) {
                let session = try await auth.signIn(email: address.normalized, password: password, rememberMe: rememberMe)
                landed.record(session)
                return session
            }
            _ = landed.take()
            phase = .idle
            if Task.isCancelled {
                // The answer landed after the user left: the sign-in does not count.
                await endLateSession(session, auth: auth)
                return
            }
            signedInUser = session.user
            // Used: the password leaves the model. A failure keeps it for "Retry".
            self.password = ""
            if session.user.emailConfirmedAt == nil, !session.user.email.isEmpty {
                emailVerificationNotice = UserFacingText.emailNotConfirmed
                unconfirmedEmail = address.normalized
            }
            destination = .dashboard
            signals.signal(.success, announcing: UserFacingText.Login.signedInAnnouncement)
        } catch is CancellationError {
            phase = .idle
            if let late = landed.take() { await endLateSession(late, auth: auth) }
        } catch {
            phase = .idle
            // Timed out on the page, yet the answer landed: the person was told it failed.
            if let late = landed.take() { await endLateSession(late, auth: auth) }
            if let wait = (error as? AuthClientError)?.retryAfterSeconds {
                deadlines.start(Self.rateLimitKey, lasting: .seconds(wait), now: clock.now)
                startTicking()
                storedError = nil
                signals.signal(.error, announcing: errorMessage)
            } else {
                FeatureLog.failure(error, page: "login", logger: logger)
                if (error as? AuthClientError)?.apiError?.code == .emailNotConfirmed { unconfirmedEmail = address.normalized }
                fail(AuthClientError.userFacingMessage(for: error))
            }
        }
    }

    /// The error summary's "Retry".
    public func retry() async {
        await submit()
    }

    private func fail(_ message: String) {
        storedError = message
        signals.signal(.error, announcing: message)
    }

    private func startTicking() {
        guard let deadline = deadlines.latest(after: clock.now) else { return }
        ticker.run(until: deadline) { [weak self] in self?.tick += 1 }
    }
}
