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

extension ForgotPasswordModel {
    /// "Send Reset Link": one request per tap. An address still inside its cooldown is not sent
    /// again; the page shows the success state with "Already sent, check inbox".
    public func submit() async {
        await request.run { [self] in await sendFirst() }
    }

    /// Leaving the page: cancels the request in flight. Backgrounding the app is not leaving.
    public func cancel() {
        request.cancel()
    }

    private func sendFirst() async {
        // A 429 holds the form until its wait is over, whatever the address.
        guard !isLoading, !isValidating, !isRateLimited else { return }
        // "Validating..." covers the checks before anything is sent: the address's format and
        // whether there is a network at all (spec 002 §8's reachability check).
        isValidating = true
        let problem = Self.problem(with: email, flagEmpty: true)
        guard problem == nil, let address = try? EmailAddress(validating: email) else {
            isValidating = false
            emailError = problem
            signals.signal(.error, announcing: problem)
            return
        }
        // Inside the address's cooldown nothing is sent, so no network is needed to say so.
        if secondsLeft(address.normalized) > 0 {
            isValidating = false
            showSent(to: address)
            notice = UserFacingText.alreadySentCheckInbox
            signals.signal(.warning, announcing: UserFacingText.alreadySentCheckInbox)
            return
        }
        let reachable = await reachability.isReachable()
        isValidating = false
        // The person left during the check: nothing is sent.
        if Task.isCancelled { return }
        guard reachable else {
            storedError = UserFacingText.ForgotPassword.noInternet
            signals.signal(.error, announcing: UserFacingText.ForgotPassword.noInternet)
            return
        }
        if await send(to: address) {
            showSent(to: address)
            notice = nil
            signals.signal(.success, announcing: successMessage)
        }
    }

    /// "Send Another Email" to the same address; before the cooldown ends it only says
    /// "Already sent, check inbox".
    public func sendAnother() async {
        await request.run { [self] in await sendAgain() }
    }

    private func sendAgain() async {
        guard !isLoading, let submittedEmail, let address = try? EmailAddress(validating: submittedEmail) else { return }
        if resendSecondsLeft > 0 {
            notice = UserFacingText.alreadySentCheckInbox
            signals.signal(.warning, announcing: UserFacingText.alreadySentCheckInbox)
            return
        }
        notice = nil
        guard await reachability.isReachable() else {
            storedError = UserFacingText.ForgotPassword.noInternet
            signals.signal(.error, announcing: UserFacingText.ForgotPassword.noInternet)
            return
        }
        if await send(to: address) {
            notice = UserFacingText.emailSentAgain
            signals.signal(.success, announcing: UserFacingText.emailSentAgain)
        }
    }

    /// Sends one request; true on success. Starts the address's cooldown either way the server
    /// says so: after a send, or for the wait a 429 states.
    private func send(to address: EmailAddress) async -> Bool {
        isLoading = true
        storedError = nil
        let service = service
        defer { isLoading = false }
        do {
            let receipt = try await withTimeout(requestTimeout, clock: clock) {
                try await service.requestPasswordReset(for: address)
            }
            // The user left while it was sent: the page is gone, nothing to show.
            if Task.isCancelled { return false }
            if let lifetime = receipt.linkExpiresIn { linkLifetime = lifetime }
            backendMessage = receipt.message.flatMap { $0.trimmingCharacters(in: .whitespaces).isEmpty ? nil : $0 }
            deadlines.start(address.normalized, lasting: cooldown, now: clock.now)
            startTicking()
            return true
        } catch is CancellationError {
            return false
        } catch {
            if let wait = (error as? AuthClientError)?.retryAfterSeconds {
                deadlines.start(Self.rateLimitKey, lasting: .seconds(wait), now: clock.now)
                startTicking()
                signals.signal(.error, announcing: UserFacingText.tooManyResetRequests(retryAfterSeconds: wait))
            } else {
                FeatureLog.failure(error, page: "forgot-password", logger: logger)
                let message = Self.text(for: error)
                storedError = message
                signals.signal(.error, announcing: message)
            }
            return false
        }
    }

    private func showSent(to address: EmailAddress) {
        submittedEmail = address.normalized
        phase = .sent
        storedError = nil
    }

    private func startTicking() {
        guard let deadline = deadlines.latest(after: clock.now) else { return }
        ticker.run(until: deadline) { [weak self] in self?.tick += 1 }
    }
}

extension ForgotPasswordModel {
    /// The error summary's text: the backend's own words where the specs say to show them
    /// (spec 003's `error`, spec 004's `message`), else spec 000's texts for this page.
    static func text(for error: any Error) -> String {
        guard let error = error as? AuthClientError else { return UserFacingText.ForgotPassword.networkError }
        if let api = error.apiError, api.isWrittenForPeople, !api.isRateLimit,
            !api.message.trimmingCharacters(in: .whitespaces).isEmpty
        {
            return api.message
        }
        switch error {
        case .timedOut: return UserFacingText.ForgotPassword.connectionTimedOut
        case .notConnected: return UserFacingText.ForgotPassword.noInternet
        case .network: return UserFacingText.ForgotPassword.networkError
        default: return error.userFacingMessage
        }
    }
}
