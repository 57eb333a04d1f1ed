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

import GatehouseCore
import HTTPTypes

/// A code typed on the pages for one of the user's authenticator apps (the sign-in's code step,
/// the account page's step-up), checked by `MFAService.challengeAndVerify`: the API's challenge
/// and verify, with the factor's guess budget, each time step used once, and the audit entries.
/// On success the session is aal2.
struct SecondFactorCode {
    /// Why a code was not accepted: under the field, or above the form.
    struct Refusal {
        var field: String?
        var summary: String?
        var status: HTTPResponse.Status
    }

    /// What a posted code came to.
    enum Outcome {
        /// The session, raised to aal2.
        case raised(IssuedSession)
        case refused(Refusal)
    }

    let web: WebContext

    /// The user's verified authenticator apps, the ones a code may be for.
    static func factors(of user: UserRecord) -> [FactorRecord] {
        user.factors.filter(\.isVerified)
    }

    /// Checks the posted `code` for the factor the form names (the first one when it names none
    /// of the caller's): the raised session, or why not.
    func verify(_ form: WebForm, for caller: Authenticated, context: GatehouseRequestContext) async throws -> Outcome {
        let code = form["code"].filter { !$0.isWhitespace }
        guard code.count == TOTP.digits, code.allSatisfy({ $0.isASCII && $0.isNumber }) else {
            return .refused(Refusal(field: UserFacingText.MFA.codeRequired, status: .unprocessableContent))
        }
        let factors = Self.factors(of: caller.user)
        guard let factor = factors.first(where: { $0.id.lowercasedString == form["factor"].lowercased() }) ?? factors.first else {
            return .refused(Refusal(summary: SecondFactorPageText.factorGone, status: .unprocessableContent))
        }
        if let wait = try await context.requestBudget.spend() {
            return .refused(Refusal(summary: UserFacingText.tooManyRequests(retryAfterSeconds: wait), status: .tooManyRequests))
        }
        do throws(AuthError) {
            return .raised(
                try await web.service.mfa.challengeAndVerify(
                    caller, factorId: factor.id.lowercasedString, code: code, client: context.client))
        } catch {
            if error.status.code >= 500 { throw error }
            return .refused(Self.refusal(for: error))
        }
    }

    static func refusal(for error: AuthError) -> Refusal {
        switch error.code {
        case .mfaVerificationFailed: Refusal(field: UserFacingText.MFA.codeWrong, status: .unprocessableContent)
        case .overRequestRateLimit: Refusal(summary: UserFacingText.MFA.tooManyAttempts, status: .tooManyRequests)
        case .mfaTOTPVerifyDisabled: Refusal(summary: SecondFactorPageText.verifyDisabled, status: .unprocessableContent)
        case .mfaFactorNotFound: Refusal(summary: SecondFactorPageText.factorGone, status: .unprocessableContent)
        default: Refusal(summary: WebContext.text(for: error), status: error.status)
        }
    }

    /// The factor choice both forms show (a radio list when there are several, else a hidden field).
    static func choiceValues(_ factors: [FactorRecord], selected: String?) -> [String: Any] {
        let chosen = factors.first { $0.id.lowercasedString == selected?.lowercased() } ?? factors.first
        return [
            "factorChoice": factors.count > 1, "choiceLegend": SecondFactorPageText.choiceLegend,
            "factorOptions": factors.map { factor -> [String: Any] in
                [
                    "id": factor.id.lowercasedString, "checked": factor.id == chosen?.id,
                    "name": factor.friendlyName.isEmpty ? SecondFactorPageText.unnamed : factor.friendlyName,
                ]
            },
            "codeLabel": UserFacingText.MFA.codeLabel,
        ]
    }
}
