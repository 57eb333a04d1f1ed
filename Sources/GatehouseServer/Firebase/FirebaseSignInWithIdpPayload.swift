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

extension FirebasePayloads {
    /// `accounts:signInWithIdp` / `verifyAssertion`: the provider's identity and the session's
    /// tokens; or, for an identity that may not join the account with its address, only
    /// `needConfirmation` (no tokens).
    struct SignInWithIdp: Encodable {
        var kind = "identitytoolkit#VerifyAssertionResponse"
        var providerId: String
        var email: String?
        var federatedId: String?
        var localId: String?
        var emailVerified: Bool?
        var displayName: String?
        var photoUrl: String?
        var idToken: String?
        var refreshToken: String?
        var expiresIn: String?
        var isNewUser: Bool?
        var oauthIdToken: String?
        var rawUserInfo: String?
        var needConfirmation: Bool?

        init(providerId: String, email: String?, needConfirmation: Bool? = nil) {
            self.providerId = providerId
            self.email = email
            self.needConfirmation = needConfirmation
        }
    }
}

extension IdentityRecord {
    /// A text claim of the identity's data (`name`, `picture`, …).
    func stringData(_ key: String) -> String? {
        if case .string(let text)? = identityData[key] { return text }
        return nil
    }
}
