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
import Hummingbird

/// `getOobConfirmationCode` (v3) / `accounts:sendOobCode` (v1, and firebase-admin's project
/// form): `PASSWORD_RESET` and `VERIFY_EMAIL`. Without admin rights the email goes through the
/// recovery service and outbox exactly as GoTrue's `/recover` (one answer, `{kind, email}`, for
/// registered and unknown addresses; mail only to registered ones; the address's send window).
/// With admin rights and `returnOobLink: true` (firebase-admin's `generate_password_reset_link`,
/// `generate_email_verification_link`) the link is returned and nothing is sent. `EMAIL_SIGNIN`
/// links are `FirebaseEmailLinkRequest`'s.
struct FirebaseOobEndpoint: Sendable {
    let adapter: FirebaseAdapter
    var service: GatehouseServices { adapter.service }

    static let kind = "identitytoolkit#GetOobConfirmationCodeResponse"

    struct Body: Decodable {
        var requestType: String?
        var email: String?
        var idToken: String?
        var continueUrl: String?
        var returnOobLink: Bool?
    }

    struct Answer: Encodable {
        var kind = FirebaseOobEndpoint.kind
        var email: String
        var oobCode: String?
        var oobLink: String?
    }

    func send(_ request: Request, _ context: FirebaseRequestContext) async throws -> Response {
        let body = try await JSONBody.decode(Body.self, from: request, context: context)
        guard let rawType = body.requestType, !rawType.isEmpty, rawType != "OOB_REQ_TYPE_UNSPECIFIED" else {
            throw FirebaseError.named("MISSING_REQ_TYPE")
        }
        guard let type = FirebaseOobRequestType(rawValue: rawType) else {
            throw FirebaseError.named("INVALID_REQ_TYPE", "Unsupported request type \(rawType)")
        }
        let returnLink = body.returnOobLink == true
        if returnLink, !context.caller.isAdmin { throw FirebaseError.insufficientPermission }
        // The link carries an API key as Google's do (custom action handlers start the SDK with it):
        // the request's, or for firebase-admin (which sends none) the first configured one.
        let apiKey = context.apiKey ?? service.configuration.firebase.apiKeys.first
        let link = FirebaseActionLink(requestType: type, continueUrl: try continueURL(body.continueUrl), apiKey: apiKey)
        let email = try await address(of: type, body, context)
        if type == .emailSignIn {
            return try await FirebaseEmailLinkRequest(service: service).send(link, to: email, returnLink: returnLink)
        }
        if returnLink {
            guard let issued = try await service.recovery.issueFirebaseOobLink(link, for: email) else {
                throw FirebaseError.named(type == .passwordReset ? "EMAIL_NOT_FOUND" : "USER_NOT_FOUND")
            }
            return try JSONBody.response(Answer(email: issued.email, oobCode: issued.oobCode, oobLink: issued.oobLink))
        }
        try await service.recovery.requestFirebaseOobEmail(link, to: email)
        return try JSONBody.response(Answer(email: email.normalized))
    }

    /// Whose address: the body's for a reset (and for an admin's verification link); for an
    /// app's verification email, the signed-in user's (the body's `email` is ignored, as Google does).
    private func address(of type: FirebaseOobRequestType, _ body: Body, _ context: FirebaseRequestContext) async throws -> EmailAddress {
        if type == .verifyEmail, !(body.returnOobLink == true && context.caller.isAdmin && body.idToken == nil) {
            let caller = try await adapter.caller(idToken: body.idToken)
            // An anonymous account has no address to verify.
            guard !caller.user.isAnonymous, let email = try? EmailAddress(validating: caller.user.email) else {
                throw FirebaseError.named("MISSING_EMAIL")
            }
            return email
        }
        guard let raw = body.email, !raw.isEmpty else { throw FirebaseError.named("MISSING_EMAIL") }
        guard let email = try? EmailAddress(validating: raw) else { throw FirebaseError.named("INVALID_EMAIL") }
        return email
    }

    /// A `continueUrl` must be absolute and allowed by the redirect allow-list (as every
    /// `redirect_to`); Google answers a domain outside the project's list the same way.
    private func continueURL(_ raw: String?) throws -> String? {
        guard let raw, !raw.isEmpty else { return nil }
        guard RedirectURL(raw) != nil else {
            throw FirebaseError.named("INVALID_CONTINUE_URI", "((expected an absolute URI with valid scheme and host))")
        }
        guard service.recovery.redirectPolicy.isAllowed(raw) else {
            throw FirebaseError.named("UNAUTHORIZED_DOMAIN", "Domain not allowlisted by project")
        }
        return raw
    }
}
