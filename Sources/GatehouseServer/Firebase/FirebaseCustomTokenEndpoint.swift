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

/// `accounts:signInWithCustomToken` (v3 `verifyCustomToken`): an app signs in with a token its
/// backend minted with firebase-admin's `create_custom_token` and a service account this server
/// trusts (`GATEHOUSE_FIREBASE_SERVICE_ACCOUNT_FILE`). The token's `uid` is the account's
/// Firebase uid, which need not be a UUID; an unknown uid makes a new account (`isNewUser`).
/// The ID tokens of the session carry the token's developer claims and `sign_in_provider`
/// `custom`, refreshes included.
struct FirebaseCustomTokenEndpoint {
    let adapter: FirebaseAdapter

    struct Body: Decodable {
        var token: String?
        var tenantId: String?
    }

    struct Answer: Encodable {
        var kind = "identitytoolkit#VerifyCustomTokenResponse"
        var idToken: String
        var refreshToken: String
        var expiresIn: String
        var isNewUser: Bool
    }

    func signIn(_ request: Request, context: FirebaseRequestContext) async throws -> Response {
        let body = try await JSONBody.decode(Body.self, from: request, context: context)
        guard let token = body.token, !token.isEmpty else { throw FirebaseError.named("MISSING_CUSTOM_TOKEN") }
        if let tenant = body.tenantId, !tenant.isEmpty { throw FirebaseError.named("TENANT_ID_MISMATCH") }
        let service = adapter.service
        let verifier = FirebaseCustomTokenVerifier(accounts: service.configuration.firebase.serviceAccounts)
        let verified = try await verifier.verify(token, now: service.environment.clock.now())
        let signedIn = try await service.accounts.signIn(
            customTokenFor: FirebaseLocalId.userId(verified.uid),
            firebaseUid: ImportedAccountID.needsOwnId(verified.uid) ? verified.uid : nil,
            developerClaims: verified.developerClaims, client: context.client)
        let tokens = try await adapter.tokens(user: signedIn.user, session: signedIn.session)
        return try JSONBody.response(
            Answer(
                idToken: tokens.idToken, refreshToken: tokens.refreshToken, expiresIn: String(tokens.expiresIn),
                isNewUser: signedIn.isNewUser))
    }
}
