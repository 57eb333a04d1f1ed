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
import Hummingbird

/// GoTrue's body for the first of the two confirmations of a secure email change. `code` is a
/// string: supabase-swift decodes `emailChangeConfirmationPending` with a String code.
struct EmailChangePendingAnswer: Codable, Sendable {
    var msg: String
    var code: String
}

/// `/verify` with `type=email_change`: the API's JSON (token hash, or address and code) and the
/// link page's form.
extension VerifyEndpoint {
    func verifyEmailChange(_ body: VerifyRequest, client: ClientInfo) async throws -> Response {
        let outcome: EmailChangeVerification
        if let tokenHash = body.tokenHash, !tokenHash.isEmpty {
            guard body.email == nil, body.token == nil else {
                throw AuthError.validation("Only the token_hash and type should be provided")
            }
            outcome = try await service.recovery.verifyEmailChange(tokenHash: tokenHash, client: client)
        } else {
            guard let email = body.email, let code = body.token, !code.isEmpty else {
                throw AuthError.validation("Verify requires either a token_hash, or an email and a token")
            }
            outcome = try await service.recovery.verifyEmailChange(email: email, code: code, client: client)
        }
        switch outcome {
        case .awaitingOtherAddress:
            return try JSONBody.response(EmailChangePendingAnswer(msg: RecoveryService.emailChangeFirstConfirmation, code: "200"))
        case .changed(let issued):
            return JSONBody.response(SessionPayload(issued))
        }
    }

    /// The page's button: 303 into the app, as GoTrue's GET does: the message in the fragment
    /// after the first confirmation, the session (`type=email_change`) after the last. A link
    /// back to this server's own pages lands as `WebLinkLanding` says.
    func verifyEmailChangeLink(_ form: [String: String], request: Request, client: ClientInfo) async throws -> Response {
        let outcome = try await service.recovery.verifyEmailChangeLink(
            token: form["token"], redirectTo: form["redirect_to"], client: client)
        if let answer = landing.answer(outcome, request: request) { return answer }
        switch outcome {
        case .awaitingOtherAddress(let target):
            return Self.redirect(
                to: GoTrueLinkRedirect.appending(
                    fragment: [("message", RecoveryService.emailChangeFirstConfirmation), ("sb", "")], to: target))
        case .changed(let issued, let target):
            return Self.redirect(to: GoTrueLinkRedirect.location(for: .signedIn(issued, type: .emailChange, target: target)))
        case .authorizationCode(let code, let target):
            return Self.redirect(to: GoTrueLinkRedirect.location(for: .authorizationCode(code, target: target)))
        case .invalid(let target):
            return Self.redirect(to: GoTrueLinkRedirect.error(to: target))
        }
    }
}
