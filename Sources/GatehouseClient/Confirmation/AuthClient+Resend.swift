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
    /// `POST /resend`: any 2xx is success (GoTrue answers `{}` for every well-formed address).
    func resend(_ body: EmailLinkRequest, redirectTo: URL?) async throws {
        let request = try builder.request("POST", "resend", query: [("redirect_to", redirectTo?.absoluteString)], body: body)
        try await http.send(request).requireSuccess()
    }
}

/// The emails `resend(type:email:)` sends again (GoTrue's `POST /resend` `type`).
public enum EmailResendType: String, Sendable, CaseIterable {
    /// The sign-up confirmation, for an address not confirmed yet.
    case signup
    /// Both emails of a pending email change (`email` is the user's current address).
    case emailChange = "email_change"
}

extension AuthClient {
    /// Sends the sign-up confirmation email again (login spec §8 "Email Not Verified": "Show
    /// resend verification option"). Under PKCE the new link carries a fresh challenge.
    public func resendSignUpConfirmation(email: String, redirectTo: URL? = nil) async throws {
        try await resend(type: .signup, email: email, redirectTo: redirectTo)
    }

    /// `POST /resend {type, email}`: the sign-up confirmation or the email-change links again
    /// (the earlier links stop working). GoTrue answers the same for unknown addresses.
    public func resend(type: EmailResendType, email: String, redirectTo: URL? = nil) async throws {
        var body = EmailLinkRequest(email: email, type: type.rawValue)
        if configuration.flowType == .pkce {
            let verifier = storeVerifier(forRecovery: false)
            body.codeChallenge = PKCE.challenge(for: verifier)
            body.codeChallengeMethod = PKCE.method
        }
        try await api.resend(body, redirectTo: redirectTo ?? configuration.redirectURL)
    }
}
