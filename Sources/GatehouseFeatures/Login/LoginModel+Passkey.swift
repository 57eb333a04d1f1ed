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

extension LoginModel {
    /// Whether the page shows "Sign in with a passkey": the device can do passkeys and neither
    /// the server nor the device said there are none.
    public var offersPasskeySignIn: Bool {
        guard passkeyCeremony != nil else { return false }
        if case .unavailable = passkeyState { return false }
        return true
    }

    public var isPasskeySigningIn: Bool { passkeyState == .inProgress }

    /// The passkey button is off while any sign-in runs or a rate limit counts down.
    public var isPasskeyButtonDisabled: Bool { isPasskeySigningIn || isLoading || isValidating || isRateLimited }

    public var passkeyButtonLabel: String { isPasskeySigningIn ? PasskeyText.signingIn : PasskeyText.signInButton }

    /// The text under the passkey button: why it failed, or why passkeys are not offered.
    public var passkeyMessage: String? {
        switch passkeyState {
        case .failed(let text), .unavailable(let text): text
        case .idle, .inProgress, .signedIn: nil
        }
    }

    /// "Sign in with a passkey": options from the server, the system sheet, the server's check.
    /// One at a time (it shares the page's request with the password sign-in), and `cancel()`
    /// ends it like a password sign-in: a session that lands after the person left is ended.
    public func signInWithPasskey() async {
        await request.run { [self] in await passkeySignIn() }
    }

    private func passkeySignIn() async {
        guard let ceremony = passkeyCeremony, offersPasskeySignIn, !isPasskeySigningIn, phase == .idle, !isRateLimited else {
            return
        }
        let reachable = await reachability.isReachable()
        if Task.isCancelled { return }
        guard reachable else {
            passkeyFailed(UserFacingText.noInternetConnection)
            return
        }
        passkeyState = .inProgress
        storedError = nil
        let auth = auth
        let rememberMe = rememberMe
        let landed = LandedSession()
        do {
            // The network steps have the page's timeout; the sheet waits for the person.
            let options = try await withTimeout(requestTimeout, clock: clock) { try await auth.getPasskeyAuthenticationOptions() }
            let credential = try await ceremony.assert(options)
            try Task.checkCancellation()
            let session = try await withTimeout(requestTimeout, clock: clock) {
                let session = try await auth.verifyPasskeyAuthentication(
                    challengeId: options.challengeId, credentialResponse: credential, rememberMe: rememberMe)
                landed.record(session)
                return session
            }
            _ = landed.take()
            if Task.isCancelled {
                passkeyState = .idle
                await endLateSession(session, auth: auth)
                return
            }
            signedInUser = session.user
            password = ""
            passkeyState = .signedIn
            destination = .dashboard
            signals.signal(.success, announcing: UserFacingText.Login.signedInAnnouncement)
        } catch PasskeyCeremonyError.cancelled {
            // Closing the sheet is a choice, not a failure: back to the page as it was.
            passkeyState = .idle
        } catch is CancellationError {
            passkeyState = .idle
            if let late = landed.take() { await endLateSession(late, auth: auth) }
        } catch {
            if let late = landed.take() { await endLateSession(late, auth: auth) }
            FeatureLog.failure(error, page: "login", logger: logger)
            settlePasskeyFailure(error)
        }
    }

    /// Sorts a failure into "not here" (the button goes away) and "try again".
    private func settlePasskeyFailure(_ error: any Error) {
        switch error {
        case PasskeyCeremonyError.noCredentials, PasskeyCeremonyError.notSupported:
            passkeyUnavailable(PasskeyText.noneOnThisDevice)
        case PasskeyCeremonyError.failed:
            passkeyFailed(PasskeyText.signInFailed)
        case let error as AuthClientError:
            guard let apiError = error.apiError else { return passkeyFailed(error.userFacingMessage) }
            switch apiError.code {
            case PasskeyErrorCode.disabled: passkeyUnavailable(PasskeyText.disabled)
            // A server without the passkey routes (an older Gatehouse or GoTrue) answers 404 too.
            case _ where apiError.status == 404: passkeyUnavailable(PasskeyText.disabled)
            case PasskeyErrorCode.verificationFailed, PasskeyErrorCode.credentialNotFound: passkeyFailed(PasskeyText.signInFailed)
            default:
                guard let wait = error.retryAfterSeconds else { return passkeyFailed(error.userFacingMessage) }
                // One countdown for the page: the error summary's, which holds both buttons.
                passkeyState = .idle
                deadlines.start(Self.rateLimitKey, lasting: .seconds(wait), now: clock.now)
                ticker.run(until: clock.now + .seconds(wait)) { [weak self] in self?.tick += 1 }
                signals.signal(.error, announcing: errorMessage)
            }
        default:
            passkeyFailed(AuthClientError.userFacingMessage(for: error))
        }
    }

    private func passkeyFailed(_ text: String) {
        passkeyState = .failed(text)
        signals.signal(.error, announcing: text)
    }

    private func passkeyUnavailable(_ text: String) {
        passkeyState = .unavailable(text)
        signals.signal(.warning, announcing: text)
    }
}
