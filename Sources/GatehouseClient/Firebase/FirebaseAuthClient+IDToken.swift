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

/// `accounts:signInWithIdp`'s body for an ID token the app already holds: the credential travels
/// form-encoded in `postBody`; `requestUri` is required but unused for this form.
struct FirebaseIdpRequest: Encodable, Sendable {
    let postBody: String
    var requestUri = "http://localhost"
    var returnSecureToken = true
    var returnIdpCredential = true
}

/// `accounts:signInWithIdp`'s answer. `needConfirmation` (with no usable session) means the
/// address belongs to an account that signs in another way; `errorMessage` is how Firebase
/// reports some refusals with a 200 when `returnIdpCredential` is set.
struct FirebaseIdpAnswer: Decodable, Sendable {
    let localId: String?
    let email: String?
    let idToken: String?
    let refreshToken: String?
    let expiresIn: FirebaseSeconds?
    let isNewUser: Bool?
    let needConfirmation: Bool?
    let errorMessage: String?
    let mfaPendingCredential: String?
}

struct FirebaseProfileRequest: Encodable, Sendable {
    let idToken: String
    let displayName: String
}

struct FirebaseProfileAnswer: Decodable, Sendable {
    let localId: String?
}

extension FirebaseAPI {
    /// `accounts:signInWithIdp {postBody: "id_token=…&providerId=…&nonce=…", requestUri,
    /// returnSecureToken, returnIdpCredential}`.
    func signInWithIdp(provider: ExternalProvider, idToken: String, nonce: String?, accessToken: String?) async throws
        -> FirebaseIdpAnswer
    {
        var form = [("id_token", idToken), ("providerId", provider.firebaseProviderId)]
        if let accessToken { form.append(("access_token", accessToken)) }
        if let nonce { form.append(("nonce", nonce)) }
        let postBody = form.map { "\($0)=\(Self.formEncoded($1))" }.joined(separator: "&")
        return try await call("signInWithIdp", FirebaseIdpRequest(postBody: postBody))
    }

    /// `accounts:update {idToken, displayName}`.
    func updateDisplayName(idToken: String, displayName: String) async throws {
        let _: FirebaseProfileAnswer = try await call("update", FirebaseProfileRequest(idToken: idToken, displayName: displayName))
    }
}

extension FirebaseAuthClient {
    /// `accounts:signInWithIdp` with the provider's ID token and the raw nonce, then
    /// `accounts:lookup`, as a password sign-in. An answer with `needConfirmation` is
    /// `email_exists`: the address has an account that signs in another way, and nothing is kept.
    @discardableResult
    public func signInWithIdToken(
        provider: ExternalProvider, idToken: String, nonce: String?, accessToken: String? = nil, rememberMe: Bool = true
    ) async throws -> IDTokenSignIn {
        let answer: FirebaseIdpAnswer
        do {
            answer = try await api.signInWithIdp(provider: provider, idToken: idToken, nonce: nonce, accessToken: accessToken)
        } catch AuthClientError.api(var error) where error.code == .emailProviderDisabled {
            // `OPERATION_NOT_ALLOWED` here is the provider switched off, not email sign-in.
            error.code = .providerDisabled
            throw AuthClientError.api(error)
        }
        if answer.needConfirmation == true {
            throw AuthClientError.api(
                APIError(
                    status: 200, code: .emailExists,
                    message: "an account exists for this address with another sign-in method (needConfirmation)"))
        }
        if let message = answer.errorMessage {
            let name = FirebaseErrorResponse.name(of: message)
            throw AuthClientError.api(
                APIError(status: 200, code: FirebaseErrorResponse.codes[name] ?? AuthErrorCode(name.lowercased()), message: message))
        }
        let tokens = FirebaseTokenAnswer(
            localId: answer.localId, email: answer.email, idToken: answer.idToken, refreshToken: answer.refreshToken,
            expiresIn: answer.expiresIn, mfaPendingCredential: answer.mfaPendingCredential)
        let session = try await signedIn(tokens, remember: rememberMe)
        return IDTokenSignIn(session: session, isNewUser: answer.isNewUser)
    }

    /// Firebase keeps no metadata but a display name: `accounts:update {idToken, displayName}`
    /// with `full_name` (or `name`, `display_name`) from `data`, then `accounts:lookup`. Without
    /// any of those keys nothing is sent and the current user is returned.
    @discardableResult
    public func updateUserMetadata(_ data: [String: JSONValue]) async throws -> User {
        let session = try await session
        let name = ["full_name", "name", "display_name"].lazy.compactMap { data[$0]?.stringValue }.first
        guard let name else { return session.user }
        let info = try await endingDeadSession {
            try await api.updateDisplayName(idToken: session.accessToken, displayName: name)
            return try await api.lookup(idToken: session.accessToken)
        }
        var updated = session
        updated.user = FirebaseUserMapping.user(info)
        // Kept only if nothing replaced the session meanwhile (a sign-out, another sign-in).
        if await store.stored()?.accessToken == session.accessToken {
            await store.save(updated)
            events.emit(.userUpdated, updated)
        }
        return updated.user
    }
}
