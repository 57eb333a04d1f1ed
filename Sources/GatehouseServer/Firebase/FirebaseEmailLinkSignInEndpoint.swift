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

/// `accounts:signInWithEmailLink` (v3 `emailLinkSignin`): the SDKs' `signInWithEmailLink`, with
/// the address the link was sent to and the link's `oobCode`. With the caller's `idToken` (the
/// SDKs' `linkWithCredential` of an email-link credential) the address joins that anonymous
/// account instead. An account with a verified factor answers `mfaPendingCredential`, as a
/// password sign-in does.
struct FirebaseEmailLinkSignInEndpoint {
    let adapter: FirebaseAdapter

    struct Body: Decodable {
        var email: String?
        var oobCode: String?
        var idToken: String?
    }

    struct Answer: Encodable {
        var kind = "identitytoolkit#EmailLinkSigninResponse"
        var email: String
        var localId: String
        var isNewUser: Bool
        var idToken: String?
        var refreshToken: String?
        var expiresIn: String?
        var mfaPendingCredential: String?
        var mfaInfo: [FirebaseMFAEnrollment]?
    }

    func signIn(_ request: Request, context: FirebaseRequestContext) async throws -> Response {
        let body = try await JSONBody.decode(Body.self, from: request, context: context)
        var caller: UserRecord?
        if let idToken = body.idToken { caller = try await adapter.caller(idToken: idToken).user }
        let email = try EmailAddress(validating: try FirebaseAdapter.email(body.email))
        let code = try FirebaseOobCodeAnswer.code(body.oobCode)
        let service = adapter.service
        let outcome = try await service.recovery.signInWithEmailLink(code: code, email: email, linkingTo: caller, client: context.client)
        switch outcome {
        case .signedIn(let user, let session, let isNewUser):
            let tokens = try await adapter.tokens(user: user, session: session)
            return try JSONBody.response(
                Answer(
                    email: user.email, localId: FirebaseLocalId.of(user), isNewUser: isNewUser, idToken: tokens.idToken,
                    refreshToken: tokens.refreshToken, expiresIn: String(tokens.expiresIn)))
        case .secondFactorRequired(let user):
            let pending = service.mfa.pendingSignIn(user)
            return try JSONBody.response(
                Answer(
                    email: user.email, localId: FirebaseLocalId.of(user), isNewUser: false, mfaPendingCredential: pending.credential,
                    mfaInfo: FirebaseMFAEnrollment.list(pending.factors)))
        case .refused(let refusal):
            throw Self.error(refusal)
        }
    }

    static func error(_ refusal: EmailLinkRefusal) -> FirebaseError {
        switch refusal {
        case .invalidCode: .named("INVALID_OOB_CODE")
        case .expiredCode: .named("EXPIRED_OOB_CODE")
        case .emailMismatch: .named("INVALID_EMAIL", "The email provided does not match the sign-in email address.")
        case .disabled: .named("USER_DISABLED")
        case .addressTaken: .named("EMAIL_EXISTS")
        case .callerHasAddress: .named("PROVIDER_ALREADY_LINKED", "The account already has an email address.")
        }
    }
}
