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
import Synchronization

/// How a stubbed call ends.
enum StubOutcome: Sendable {
    case succeed
    case fail(AuthClientError)
    /// Never ends on its own (until cancelled): for timeouts.
    case hang
    /// Ends when the test opens the gate: to look at the page while the request runs.
    case gate(Gate)
}

/// A one-shot gate a stubbed request waits on.
final class Gate: Sendable {
    private let stream: AsyncStream<Void>
    private let continuation: AsyncStream<Void>.Continuation

    init() {
        (stream, continuation) = AsyncStream.makeStream(of: Void.self)
    }

    func open() {
        continuation.yield()
        continuation.finish()
    }

    func wait() async throws {
        for await _ in stream { break }
        try Task.checkCancellation()
    }
}

extension StubOutcome {
    func run<T>(_ value: @autoclosure () -> T) async throws -> T {
        switch self {
        case .succeed: return value()
        case .fail(let error): throw error
        case .hang:
            // A gate nobody opens: only the cancellation ends the wait.
            try await Gate().wait()
            throw CancellationError()
        case .gate(let gate):
            try await gate.wait()
            return value()
        }
    }
}

/// An `AuthClientProtocol` whose calls end as the test says, recording what they were given.
final class StubAuthClient: AuthClientProtocol {
    struct SignInCall: Equatable, Sendable {
        var email: String
        var password: String
        var rememberMe: Bool
    }

    private struct State {
        var signIn: StubOutcome = .succeed
        var other: StubOutcome = .succeed
        var signInCalls: [SignInCall] = []
        var otherCalls: [String] = []
        var confirmed = true
    }

    private let state = Mutex(State())

    var signInOutcome: StubOutcome {
        get { state.withLock { $0.signIn } }
        set { state.withLock { $0.signIn = newValue } }
    }

    /// How every call other than sign-in ends.
    var outcome: StubOutcome {
        get { state.withLock { $0.other } }
        set { state.withLock { $0.other = newValue } }
    }

    /// Whether returned users have a confirmed address.
    var confirmed: Bool {
        get { state.withLock { $0.confirmed } }
        set { state.withLock { $0.confirmed = newValue } }
    }

    var signInCalls: [SignInCall] { state.withLock { $0.signInCalls } }
    var otherCalls: [String] { state.withLock { $0.otherCalls } }

    private func record(_ call: String) -> StubOutcome {
        state.withLock { state in
            state.otherCalls.append(call)
            return state.other
        }
    }

    func signIn(email: String, password: String, rememberMe: Bool) async throws -> Session {
        let outcome = state.withLock { state in
            state.signInCalls.append(SignInCall(email: email, password: password, rememberMe: rememberMe))
            return state.signIn
        }
        return try await outcome.run(Self.session(email: email, confirmed: confirmed))
    }

    func signUp(email: String, password: String, data: [String: JSONValue]?, redirectTo: URL?) async throws -> SignUpResult {
        try await record("signUp").run(SignUpResult.signedIn(Self.session(email: email, confirmed: true)))
    }

    func signUp(
        email: String, password: String, data: [String: JSONValue]?, redirectTo: URL?, rememberMe: Bool
    ) async throws -> SignUpResult {
        try await record("signUp(rememberMe: \(rememberMe))").run(SignUpResult.signedIn(Self.session(email: email, confirmed: true)))
    }

    func signOut(scope: SignOutScope) async throws { try await record("signOut").run(()) }

    func resendSignUpConfirmation(email: String, redirectTo: URL?) async throws {
        try await record("resend:\(email)").run(())
    }

    func resetPasswordForEmail(_ email: String, redirectTo: URL?) async throws {
        try await record("resetPasswordForEmail:\(email)").run(())
    }

    func verifyOTP(email: String, token: String, type: OTPType) async throws -> Session {
        try await record("verifyOTP").run(Self.session(email: email, confirmed: true))
    }

    func session(from url: URL) async throws -> Session {
        try await record("session(from:)").run(Self.session(email: "link@example.com", confirmed: true))
    }

    func updatePassword(_ password: String) async throws -> User {
        try await record("updatePassword").run(Self.session(email: "link@example.com", confirmed: true).user)
    }

    func currentSession() async -> Session? { nil }
    func restoreSession() async -> Session? { nil }
    func authStateChanges() -> AsyncStream<AuthStateChange> { AsyncStream { $0.finish() } }

    static func session(email: String, confirmed: Bool) -> Session {
        let now = Timestamp.now()
        let user = UserPayload(
            id: UUID().uuidString.lowercased(), aud: "authenticated", role: "authenticated", email: email,
            emailConfirmedAt: confirmed ? now : nil, confirmationSentAt: nil, confirmedAt: confirmed ? now : nil,
            recoverySentAt: nil, lastSignInAt: now, appMetadata: [:], userMetadata: [:], identities: [],
            createdAt: now, updatedAt: now, bannedUntil: nil
        )
        return Session(accessToken: "access", expiresIn: 3600, expiresAt: now.secondsSinceEpoch + 3600, refreshToken: "refresh", user: user)
    }
}

/// A `PasswordResetService` whose requests end as the test says.
final class StubResetService: PasswordResetService {
    private let state = Mutex<(outcome: StubOutcome, receipt: PasswordResetReceipt, calls: [String])>(
        (.succeed, PasswordResetReceipt(), []))

    var outcome: StubOutcome {
        get { state.withLock { $0.outcome } }
        set { state.withLock { $0.outcome = newValue } }
    }

    var receipt: PasswordResetReceipt {
        get { state.withLock { $0.receipt } }
        set { state.withLock { $0.receipt = newValue } }
    }

    var calls: [String] { state.withLock { $0.calls } }

    func requestPasswordReset(for email: EmailAddress) async throws -> PasswordResetReceipt {
        let (outcome, receipt) = state.withLock { state in
            state.calls.append(email.normalized)
            return (state.outcome, state.receipt)
        }
        return try await outcome.run(receipt)
    }
}

extension AuthClientError {
    static func rateLimited(after seconds: Int) -> AuthClientError {
        .api(APIError(status: 429, code: .overRequestRateLimit, message: "Request rate limit reached", retryAfter: seconds))
    }

    static let invalidCredentials = AuthClientError.api(
        APIError(status: 400, code: .invalidCredentials, message: "Invalid login credentials"))
}

/// Lets queued main-actor work (ticks, listeners) run.
@MainActor
func settle() async {
    for _ in 0..<20 { await Task.yield() }
}

/// Waits (up to 5 s) for `condition` to hold. Polled in real time: the condition is any state
/// of a main-actor model, which announces no change a test could wait on.
@MainActor
func eventually(_ condition: @MainActor () -> Bool) async -> Bool {
    for _ in 0..<500 {
        if condition() { return true }
        try? await Task.sleep(for: .milliseconds(10))
    }
    return condition()
}

/// A flag set from any thread (observation callbacks).
final class Flag: Sendable {
    private let value = Mutex(false)
    func set() { value.withLock { $0 = true } }
    var isSet: Bool { value.withLock { $0 } }
}
