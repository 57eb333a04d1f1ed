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

/// The Identity Toolkit's success answers. Every one carries its `kind` (firebase-admin's
/// `delete_user` fails without it); `expiresIn` is a string.
enum FirebasePayloads {
    /// `accounts:signUp` / `signupNewUser`, and firebase-admin's create (no tokens then).
    struct SignUp: Encodable {
        var kind = "identitytoolkit#SignupNewUserResponse"
        var localId: String
        var email: String
        var displayName: String?
        var idToken: String?
        var refreshToken: String?
        var expiresIn: String?
    }

    /// `accounts:signInWithPassword` / `verifyPassword`: the tokens, or, for an account with a
    /// verified factor, the pending credential and the factors to finish with (no tokens).
    struct SignIn: Encodable {
        var kind = "identitytoolkit#VerifyPasswordResponse"
        var localId: String
        var email: String
        var displayName: String
        var idToken: String?
        var registered = true
        var refreshToken: String?
        var expiresIn: String?
        var mfaPendingCredential: String?
        var mfaInfo: [FirebaseMFAEnrollment]?
    }

    /// `v2/accounts/mfaSignIn:start` for a TOTP factor: nothing to send (the code is in the
    /// authenticator app), so nothing but the checks of the credential and the factor.
    struct MFASignInStart: Encodable {}

    /// `v2/accounts/mfaSignIn:finalize`: the tokens of the aal2 session.
    struct MFASignInFinalize: Encodable {
        var idToken: String
        var refreshToken: String
    }

    /// `accounts:lookup` / `getAccountInfo`: `users` is left out when nothing was found
    /// (firebase-admin then raises UserNotFoundError).
    struct Lookup: Encodable {
        var kind = "identitytoolkit#GetAccountInfoResponse"
        var users: [FirebaseUserInfo]?
    }

    /// `accounts:update` / `setAccountInfo`; new tokens after a password change.
    struct Update: Encodable {
        var kind = "identitytoolkit#SetAccountInfoResponse"
        var localId: String
        var email: String?
        var displayName: String?
        var emailVerified: Bool
        var passwordHash: String?
        var providerUserInfo: [FirebaseUserInfo.ProviderInfo]
        var idToken: String?
        var refreshToken: String?
        var expiresIn: String?
    }

    /// `accounts:delete` / `deleteAccount`.
    struct Delete: Encodable {
        var kind = "identitytoolkit#DeleteAccountResponse"
    }

    /// securetoken's `POST /v1/token`: snake_case, `access_token` = `id_token`.
    struct Token: Encodable {
        var accessToken: String
        var expiresIn: String
        var tokenType = "Bearer"
        var refreshToken: String
        var idToken: String
        var userId: String
        var projectId: String

        enum CodingKeys: String, CodingKey {
            case accessToken = "access_token"
            case expiresIn = "expires_in"
            case tokenType = "token_type"
            case refreshToken = "refresh_token"
            case idToken = "id_token"
            case userId = "user_id"
            case projectId = "project_id"
        }
    }
}
