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
import GatehouseCore

extension FirebaseAuthClient {
    /// `accounts:sendOobCode {requestType: PASSWORD_RESET}`; `redirectTo` becomes `continueUrl`.
    public func resetPasswordForEmail(_ email: String, redirectTo: URL? = nil) async throws {
        try await api.sendPasswordReset(email: email, continueURL: redirectTo ?? configuration.continueURL)
    }

    /// The reset code typed by hand (`type: .recovery`; Firebase has no other emailed codes):
    /// checked without being spent, it opens a recovery session.
    public func verifyOTP(email: String, token: String, type: OTPType) async throws -> Session {
        guard type == .recovery else { throw AuthClientError.invalidLink("Firebase emails no \(type.rawValue) codes") }
        return try await openRecovery(oobCode: token)
    }

    /// A Firebase action link (`…/__/auth/action?mode=resetPassword&oobCode=…`, Gatehouse's or
    /// Google's, or the app's own handler with the same query): its code is checked without
    /// being spent and opens a recovery session.
    public func session(from url: URL) async throws -> Session {
        let query = URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems ?? []
        func value(_ name: String) -> String? { query.first(where: { $0.name == name })?.value }
        guard value("mode") == "resetPassword", let code = value("oobCode"), !code.isEmpty else {
            throw AuthClientError.invalidLink("not a Firebase password-reset link")
        }
        return try await openRecovery(oobCode: code)
    }

    /// Whether `url` is a Firebase password-reset link.
    public func acceptsLink(_ url: URL) -> Bool {
        let query = URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems ?? []
        return query.contains { $0.name == "mode" && $0.value == "resetPassword" } && query.contains { $0.name == "oobCode" }
    }

    /// The recovery session a reset link or code opened, until the reset is done.
    public func recoverySession() async -> Session? {
        await store.recovery()
    }

    /// After the reset: the code is forgotten. Firebase revoked every refresh token of the
    /// account, so a session of the same account on this device is over too.
    public func finishRecovery(_ session: Session, keepSignedIn: Bool) async {
        await store.dropResetCode(for: session)
        if let current = await store.stored(), current.user.email.lowercased() == session.user.email.lowercased() {
            await store.clear()
        }
        events.emit(.signedOut, nil)
    }

    /// Firebase's default reset-link lifetime (1 h), or the configured one.
    public func emailLinkLifetime() async -> Int? {
        configuration.resetLinkLifetime
    }

    /// `accounts:resetPassword {oobCode}` checks the code; the recovery session carries the
    /// account's address and a local handle in place of a token.
    private func openRecovery(oobCode: String) async throws -> Session {
        let email = try await api.resetPassword(oobCode: oobCode, newPassword: nil)
        let now = Timestamp(configuration.now())
        let user = UserPayload(
            id: "", aud: "", role: "", email: email, emailConfirmedAt: nil, confirmationSentAt: nil, confirmedAt: nil,
            recoverySentAt: nil, lastSignInAt: nil, appMetadata: [:], userMetadata: [:], identities: [], createdAt: now,
            updatedAt: now, bannedUntil: nil)
        let session = Session(
            accessToken: "firebase-reset-" + UUID().uuidString, tokenType: "firebase-reset-code", expiresIn: 3600,
            expiresAt: now.secondsSinceEpoch + 3600, refreshToken: "", user: user)
        await store.holdResetCode(oobCode, for: session)
        events.emit(.passwordRecovery, session)
        return session
    }
}
