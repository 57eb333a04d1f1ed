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

extension GoTrueAPI {
    /// `POST /otp`: any 2xx is success (GoTrue answers `{}`).
    func otp(_ body: OTPRequest, redirectTo: URL?) async throws {
        let request = try builder.request("POST", "otp", query: [("redirect_to", redirectTo?.absoluteString)], body: body)
        try await http.send(request).requireSuccess()
    }

    /// `POST /verify`: a session, or (for `email_change`) the first of two confirmations.
    func verifyAnswer(_ body: VerifyRequest) async throws -> EmailChangeVerification {
        let result = try await http.send(builder.request("POST", "verify", body: body))
        try result.requireSuccess()
        if let session = try? JSONDecoder().decode(Session.self, from: result.data) { return .completed(session) }
        if let pending = try? JSONDecoder().decode(EmailChangePendingAnswer.self, from: result.data) {
            return .pending(EmailChangePending(message: pending.msg))
        }
        throw AuthClientError.malformedResponse("could not decode the answer of /verify")
    }
}

extension AuthClient {
    /// `POST /otp`: emails a magic link and a 6-digit code (supabase-swift's
    /// `signInWithOTP(email:…)`). Redeem the code with `verifyOTP(email:token:type: .email)` or the
    /// link with `session(from:)`. `shouldCreateUser: false` refuses unknown addresses
    /// (`otp_disabled`) instead of signing them up. Under PKCE the link carries a code only this
    /// device can exchange.
    public func signInWithOTP(
        email: String, shouldCreateUser: Bool = true, data: [String: JSONValue]? = nil, redirectTo: URL? = nil
    ) async throws {
        var body = OTPRequest(email: email, createUser: shouldCreateUser, data: data)
        if configuration.flowType == .pkce {
            let verifier = storeVerifier(forRecovery: false)
            body.codeChallenge = PKCE.challenge(for: verifier)
            body.codeChallengeMethod = PKCE.method
        }
        try await api.otp(body, redirectTo: redirectTo ?? configuration.redirectURL)
    }

    /// `POST /verify {type: email_change, email, token}`: the code sent to one of the two
    /// addresses (the current address with its code, the new address with its code).
    public func verifyEmailChange(email: String, token: String) async throws -> EmailChangeVerification {
        try await emailChange(VerifyRequest(type: OTPType.emailChange.rawValue, token: token, email: email))
    }

    /// `POST /verify {type: email_change, token_hash}`: a link's token.
    public func verifyEmailChange(tokenHash: String) async throws -> EmailChangeVerification {
        try await emailChange(VerifyRequest(type: OTPType.emailChange.rawValue, tokenHash: tokenHash))
    }

    private func emailChange(_ body: VerifyRequest) async throws -> EmailChangeVerification {
        switch try await api.verifyAnswer(body) {
        case .pending(let pending):
            return .pending(pending)
        case .completed(let session):
            return .completed(try await signedIn(session, recovery: false, remember: configuration.rememberLinkSessions))
        }
    }
}
