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
    /// Spec 002 §8 "Email Not Verified … Recovery: Show resend verification option".
    public var canResendVerification: Bool { unconfirmedEmail != nil }

    public var isResendVerificationDisabled: Bool { isResending || resendSecondsLeft > 0 }

    /// Seconds before another verification email may be asked for (60 s, as on the
    /// forgot-password page, or the server's Retry-After).
    public var resendSecondsLeft: Int {
        _ = tick
        return deadlines.secondsLeft(Self.resendKey, now: clock.now)
    }

    /// "Resend verification email": sends the sign-up confirmation again to the address that
    /// is not confirmed. Inside the cooldown it only says "Already sent, check inbox".
    public func resendVerification() async {
        guard let address = unconfirmedEmail, !isResending else { return }
        if resendSecondsLeft > 0 {
            resendNotice = UserFacingText.alreadySentCheckInbox
            signals.signal(.warning, announcing: UserFacingText.alreadySentCheckInbox)
            return
        }
        guard await reachability.isReachable() else {
            resendNotice = UserFacingText.noInternetConnection
            signals.signal(.error, announcing: UserFacingText.noInternetConnection)
            return
        }
        isResending = true
        defer { isResending = false }
        let auth = auth
        do {
            try await withTimeout(requestTimeout, clock: clock) {
                try await auth.resendSignUpConfirmation(email: address, redirectTo: nil)
            }
            deadlines.start(Self.resendKey, lasting: .seconds(60), now: clock.now)
            startResendTicking()
            let text = UserFacingText.confirmationOnItsWay(to: address)
            resendNotice = text
            signals.signal(.success, announcing: text)
        } catch is CancellationError {
            return
        } catch {
            FeatureLog.failure(error, page: "login", logger: logger)
            if let wait = (error as? AuthClientError)?.retryAfterSeconds {
                deadlines.start(Self.resendKey, lasting: .seconds(wait), now: clock.now)
                startResendTicking()
            }
            let text = AuthClientError.userFacingMessage(for: error)
            resendNotice = text
            signals.signal(.error, announcing: text)
        }
    }

    private func startResendTicking() {
        guard let deadline = deadlines.latest(after: clock.now) else { return }
        ticker.run(until: deadline) { [weak self] in self?.tick += 1 }
    }
}
