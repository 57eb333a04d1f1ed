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

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The passkey calls (passkeys reference §2), named as supabase-swift names them. Registration
/// and management need a signed-in user; sign-in needs only the API key.
extension AuthClient {
    /// `POST /passkeys/registration/options` (no body, as supabase-swift sends it). Throws
    /// `malformedResponse` when the options lack what a platform needs (`rp.id`, `challenge`, `user.id`).
    public func getPasskeyRegistrationOptions() async throws -> PasskeyRegistrationOptions {
        let options: PasskeyRegistrationOptions = try await passkeyCall { token in
            try api.builder.request("POST", "passkeys/registration/options", bearer: token)
        }
        guard options.relyingPartyId != nil, options.challengeBytes != nil, options.userIdBytes != nil else {
            throw AuthClientError.malformedResponse("the registration options lack rp.id, challenge or user.id")
        }
        return options
    }

    /// `POST /passkeys/registration/verify {challenge_id, credential}`: the new passkey.
    @discardableResult
    public func verifyPasskeyRegistration(challengeId: String, credentialResponse: RegistrationCredential) async throws -> Passkey {
        let body = PasskeyVerifyRequest(challengeId: challengeId, credential: credentialResponse)
        return try await passkeyCall { token in
            try api.builder.request("POST", "passkeys/registration/verify", body: body, bearer: token)
        }
    }

    /// Options, the ceremony, verify: a new passkey for the signed-in user.
    @discardableResult
    public func registerPasskey(using ceremony: any PasskeyCeremony) async throws -> Passkey {
        let options = try await getPasskeyRegistrationOptions()
        let credential = try await ceremony.register(options)
        return try await verifyPasskeyRegistration(challengeId: options.challengeId, credentialResponse: credential)
    }

    /// `POST /passkeys/authentication/options` (no body; API key only). Throws
    /// `malformedResponse` without `rpId` or `challenge`, which the platform needs.
    public func getPasskeyAuthenticationOptions() async throws -> PasskeyAuthenticationOptions {
        let options = try await api.http.decode(
            PasskeyAuthenticationOptions.self, from: api.builder.request("POST", "passkeys/authentication/options"))
        guard options.relyingPartyId != nil, options.challengeBytes != nil else {
            throw AuthClientError.malformedResponse("the authentication options lack rpId or challenge")
        }
        return options
    }

    /// `POST /passkeys/authentication/verify {challenge_id, credential}`: a session, kept and
    /// announced (`signedIn`) exactly as a password sign-in's; `rememberMe` as there.
    @discardableResult
    public func verifyPasskeyAuthentication(
        challengeId: String, credentialResponse: AssertionCredential, rememberMe: Bool = true
    ) async throws -> Session {
        let body = PasskeyVerifyRequest(challengeId: challengeId, credential: credentialResponse)
        let session = try await api.http.decode(
            Session.self, from: api.builder.request("POST", "passkeys/authentication/verify", body: body))
        events.emit(.signedIn, await sessions.adopt(session, remember: rememberMe))
        return session
    }

    /// Options, the ceremony, verify: signs in with a passkey the person picks.
    @discardableResult
    public func signInWithPasskey(using ceremony: any PasskeyCeremony, rememberMe: Bool = true) async throws -> Session {
        let options = try await getPasskeyAuthenticationOptions()
        let credential = try await ceremony.assert(options)
        return try await verifyPasskeyAuthentication(
            challengeId: options.challengeId, credentialResponse: credential, rememberMe: rememberMe)
    }

    /// `GET /passkeys/` (supabase-swift's path, trailing slash): the account's passkeys, oldest first.
    public func listPasskeys() async throws -> [Passkey] {
        try await passkeyCall { token in try api.builder.request("GET", "passkeys/", bearer: token) }
    }

    /// `PATCH /passkeys/{id} {friendly_name}`: the renamed passkey. Names are 1-120 bytes of UTF-8.
    @discardableResult
    public func renamePasskey(id: String, friendlyName: String) async throws -> Passkey {
        let body = PasskeyRenameRequest(friendlyName: friendlyName)
        return try await passkeyCall { token in
            try api.builder.request("PATCH", "passkeys/\(id)", body: body, bearer: token)
        }
    }

    /// `DELETE /passkeys/{id}` (204). With a verified MFA factor it needs an `aal2` session.
    public func deletePasskey(id: String) async throws {
        let session = try await sessions.validSession()
        try await endingDeadSessions(session) { token in
            try await api.http.send(api.builder.request("DELETE", "passkeys/\(id)", bearer: token)).requireSuccess()
        }
    }

    /// Sends the request `build` makes with the current session's token and decodes the answer.
    private func passkeyCall<T: Decodable>(_ build: (String) throws -> URLRequest) async throws -> T {
        let session = try await sessions.validSession()
        return try await endingDeadSessions(session) { token in
            try await api.http.decode(T.self, from: build(token))
        }
    }
}
