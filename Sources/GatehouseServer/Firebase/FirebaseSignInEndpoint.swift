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

import Hummingbird

/// `accounts:signInWithPassword` (v3 `verifyPassword`). Wrong password and unknown address are
/// one `INVALID_LOGIN_CREDENTIALS` (Google's enumeration protection), a disabled account
/// `USER_DISABLED`; an unverified address signs in (Firebase's rule, unlike GoTrue's).
///
/// An account with a verified TOTP factor gets no tokens for its password alone: the answer is
/// Identity Toolkit's for multi-factor users, `mfaPendingCredential` and `mfaInfo[]`, and the
/// client finishes with `v2/accounts/mfaSignIn:finalize` (`FirebaseMFASignInEndpoint`).
struct FirebaseSignInEndpoint {
    let adapter: FirebaseAdapter

    func signIn(_ request: Request, context: FirebaseRequestContext) async throws -> Response {
        let body = try await JSONBody.decode(FirebaseRequests.SignIn.self, from: request, context: context)
        let email = try FirebaseAdapter.email(body.email)
        let password = try FirebaseAdapter.password(body.password)
        let outcome = try await adapter.service.sessions.signInUnlessSecondFactor(
            email: email, password: password, client: context.client, requireConfirmedEmail: false)
        switch outcome {
        case .signedIn(let issued):
            let tokens = try await adapter.tokens(user: issued.user, session: issued.session)
            return try JSONBody.response(
                FirebasePayloads.SignIn(
                    localId: FirebaseLocalId.of(issued.user), email: issued.user.email,
                    displayName: FirebaseUserInfo.displayName(of: issued.user) ?? "", idToken: tokens.idToken,
                    refreshToken: tokens.refreshToken, expiresIn: String(tokens.expiresIn)))
        case .secondFactorRequired(let user):
            let pending = adapter.service.mfa.pendingSignIn(user)
            return try JSONBody.response(
                FirebasePayloads.SignIn(
                    localId: FirebaseLocalId.of(user), email: user.email, displayName: FirebaseUserInfo.displayName(of: user) ?? "",
                    mfaPendingCredential: pending.credential, mfaInfo: FirebaseMFAEnrollment.list(pending.factors)))
        }
    }
}
