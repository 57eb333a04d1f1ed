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
import Hummingbird

/// `accounts:signUp` (v3 `signupNewUser`): an app's sign-up, which returns a session and sends
/// no email; and firebase-admin's `POST projects/<p>/accounts` (`create_user`), which needs
/// admin rights and returns the new user's id without tokens.
struct FirebaseSignUpEndpoint {
    let adapter: FirebaseAdapter

    func signUp(_ request: Request, context: FirebaseRequestContext) async throws -> Response {
        let body = try await JSONBody.decode(FirebaseRequests.SignUp.self, from: request, context: context)
        if context.caller.isAdmin { return try await create(body) }
        if context.addressing == .project { throw FirebaseError.insufficientPermission }
        let email = try FirebaseAdapter.email(body.email)
        let password = try FirebaseAdapter.password(body.password)
        let signedIn = try await adapter.service.accounts.signUpAndSignIn(
            email: email, password: password, userMetadata: FirebaseAdapter.metadata(displayName: body.displayName) ?? [:],
            client: context.client)
        let tokens = try await adapter.tokens(user: signedIn.user, session: signedIn.session)
        return try JSONBody.response(
            FirebasePayloads.SignUp(
                localId: FirebaseLocalId.of(signedIn.user), email: signedIn.user.email,
                displayName: FirebaseUserInfo.displayName(of: signedIn.user), idToken: tokens.idToken,
                refreshToken: tokens.refreshToken, expiresIn: String(tokens.expiresIn)))
    }

    /// firebase-admin's `create_user`: address, password, `emailVerified`, `disabled`, `displayName`.
    private func create(_ body: FirebaseRequests.SignUp) async throws -> Response {
        if body.localId != nil {
            throw FirebaseError.named("INVALID_LOCAL_ID", "Gatehouse assigns user ids; create the user without a uid")
        }
        let email = try FirebaseAdapter.email(body.email)
        let request = AdminUserRequest(
            email: email, password: body.password, emailConfirm: body.emailVerified,
            userMetadata: FirebaseAdapter.metadata(displayName: body.displayName), appMetadata: nil,
            banDuration: body.disabled == true ? FirebaseAdapter.disabledBanDuration : nil, role: nil)
        let user = try await adapter.service.accounts.adminCreateUser(request)
        return try JSONBody.response(
            FirebasePayloads.SignUp(
                localId: FirebaseLocalId.of(user), email: user.email, displayName: FirebaseUserInfo.displayName(of: user)))
    }
}
