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

/// `accounts:signInWithIdp` (v3 `verifyAssertion`) with an ID token a provider's SDK gave the
/// app (`postBody`: `id_token`, `providerId`, `nonce`): the Firebase SDKs' Sign in with Apple and
/// Google. With the caller's `idToken` it links the identity to that account instead. An
/// identity that may not join the account holding its address answers `needConfirmation`, which
/// the SDKs raise as "account exists with a different credential".
struct FirebaseSignInWithIdpEndpoint {
    let adapter: FirebaseAdapter

    struct Body: Decodable {
        var postBody: String?
        var requestUri: String?
        var idToken: String?
        var returnIdpCredential: Bool?
    }

    func signIn(_ request: Request, context: FirebaseRequestContext) async throws -> Response {
        let body = try await JSONBody.decode(Body.self, from: request, context: context)
        guard let requestUri = body.requestUri, !requestUri.isEmpty else { throw FirebaseError.named("MISSING_REQUEST_URI") }
        guard let postBody = body.postBody, !postBody.isEmpty else { throw FirebaseError.named("MISSING_OR_INVALID_NONCE") }
        let assertion = FirebaseIdpAssertion(postBody: postBody)
        guard let providerId = assertion.providerId, !providerId.isEmpty else {
            throw FirebaseError.named("INVALID_IDP_RESPONSE", "the providerId is missing")
        }
        guard let idpToken = assertion.idToken, !idpToken.isEmpty else {
            throw FirebaseError.named("INVALID_IDP_RESPONSE", "an id_token is required")
        }
        let federation = adapter.service.federation
        guard let provider = federation.providers.provider(named: providerId) else {
            throw FirebaseError.named("OPERATION_NOT_ALLOWED", "The identity provider configuration is not found.")
        }
        if let idToken = body.idToken {
            let caller = try await adapter.caller(idToken: idToken)
            let issued = try await federation.linkAndSignIn(
                idToken: idpToken, provider: provider.name, nonce: assertion.nonce, to: caller.user.id, client: context.client)
            return try await answer(
                user: issued.user, session: issued.session, provider: provider, subject: nil, isNewUser: false,
                idpToken: body.returnIdpCredential == true ? idpToken : nil)
        }
        do {
            let signedIn = try await federation.signIn(
                idToken: idpToken, provider: provider.name, nonce: assertion.nonce, profile: nil, over: .firebase,
                client: context.client)
            return try await answer(
                user: signedIn.issued.user, session: signedIn.issued.session, provider: provider,
                subject: signedIn.identity.providerId, isNewUser: signedIn.isNewUser,
                idpToken: body.returnIdpCredential == true ? idpToken : nil)
        } catch let error as AuthError where error.code == .emailExists {
            return try JSONBody.response(
                FirebasePayloads.SignInWithIdp(providerId: provider.firebaseProviderId, email: nil, needConfirmation: true))
        }
    }

    private func answer(
        user: UserRecord, session: SessionRecord, provider: IdentityProvider, subject: String?, isNewUser: Bool,
        idpToken: String?
    ) async throws -> Response {
        let tokens = try await adapter.tokens(user: user, session: session)
        let identity = user.linkedIdentities.last { $0.provider == provider.name && (subject == nil || $0.providerId == subject) }
        var payload = FirebasePayloads.SignInWithIdp(providerId: provider.firebaseProviderId, email: user.publicEmail)
        payload.federatedId = identity.map { provider.issuer + "/" + $0.providerId }
        payload.localId = FirebaseLocalId.of(user)
        payload.emailVerified = user.isConfirmed
        payload.displayName = FirebaseUserInfo.displayName(of: user) ?? identity?.stringData("name")
        payload.photoUrl = identity?.stringData("picture")
        payload.idToken = tokens.idToken
        payload.refreshToken = tokens.refreshToken
        payload.expiresIn = String(tokens.expiresIn)
        payload.isNewUser = isNewUser
        payload.oauthIdToken = idpToken
        payload.rawUserInfo = identity.flatMap { try? String(decoding: JSONEncoder().encode($0.identityData), as: UTF8.self) }
        return try JSONBody.response(payload)
    }
}

/// The form-encoded `postBody` of `signInWithIdp`: `id_token=…&providerId=…&nonce=…`.
struct FirebaseIdpAssertion: Sendable {
    var idToken: String?
    var providerId: String?
    var nonce: String?
    var accessToken: String?

    init(postBody: String) {
        var fields: [String: String] = [:]
        for item in URLComponents(string: "?" + postBody)?.queryItems ?? [] where fields[item.name] == nil {
            fields[item.name] = item.value
        }
        idToken = fields["id_token"]
        providerId = fields["providerId"]
        nonce = fields["nonce"]
        accessToken = fields["access_token"]
    }
}
