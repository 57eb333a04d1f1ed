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

/// `POST /factors {factor_type, friendly_name?, issuer?}`.
struct MFAEnrollRequest: Encodable, Sendable {
    var factorType = "totp"
    var friendlyName: String?
    var issuer: String?

    enum CodingKeys: String, CodingKey {
        case issuer
        case factorType = "factor_type"
        case friendlyName = "friendly_name"
    }
}

/// `POST /factors/{id}/verify {factor_id, challenge_id, code}` (as supabase-swift sends it).
struct MFAVerifyRequest: Encodable, Sendable {
    var factorId: String
    var challengeId: String
    var code: String

    enum CodingKeys: String, CodingKey {
        case code
        case factorId = "factor_id"
        case challengeId = "challenge_id"
    }
}

extension AuthClient {
    /// Multi-factor authentication with TOTP (supabase-swift's `auth.mfa`).
    public var mfa: AuthMFA { AuthMFA(client: self) }
}

/// The MFA calls of the signed-in user (gotrue-extended §10), named as supabase-swift names them.
public struct AuthMFA: Sendable {
    let client: AuthClient

    /// `POST /factors`: a new, unverified TOTP factor; show its QR code or secret, then
    /// `challengeAndVerify` with a code from the authenticator app to verify it.
    public func enroll(friendlyName: String? = nil, issuer: String? = nil) async throws -> MFAEnrollResponse {
        let body = MFAEnrollRequest(friendlyName: friendlyName, issuer: issuer)
        return try await authorized { token in
            try client.api.builder.request("POST", "factors", body: body, bearer: token)
        }
    }

    /// `POST /factors/{id}/challenge` (no body for TOTP).
    public func challenge(factorId: String) async throws -> MFAChallengeResponse {
        try await authorized { token in
            try client.api.builder.request("POST", "factors/\(factorId)/challenge", bearer: token)
        }
    }

    /// `POST /factors/{id}/verify`: on success the answer is a new session at `aal2`, which
    /// replaces the current one (announced as `mfaChallengeVerified`).
    @discardableResult
    public func verify(factorId: String, challengeId: String, code: String) async throws -> Session {
        let body = MFAVerifyRequest(factorId: factorId, challengeId: challengeId, code: code)
        let session: Session = try await authorized { token in
            try client.api.builder.request("POST", "factors/\(factorId)/verify", body: body, bearer: token)
        }
        client.events.emit(.mfaChallengeVerified, await client.sessions.replace(with: session))
        return session
    }

    /// `challenge` then `verify` with the same code.
    @discardableResult
    public func challengeAndVerify(factorId: String, code: String) async throws -> Session {
        let challenge = try await challenge(factorId: factorId)
        return try await verify(factorId: factorId, challengeId: challenge.id, code: code)
    }

    /// `DELETE /factors/{id}`. A verified factor can only be removed from an `aal2` session
    /// (`insufficient_aal` otherwise). The session keeps its level until the next refresh.
    @discardableResult
    public func unenroll(factorId: String) async throws -> MFAUnenrollResponse {
        try await authorized { token in
            try client.api.builder.request("DELETE", "factors/\(factorId)", bearer: token)
        }
    }

    /// The factors of the stored session's user (no request, as supabase-swift does; call
    /// `client.user()` first for the server's current list).
    public func listFactors() async throws -> MFAListFactorsResponse {
        guard let session = await client.sessions.storedSession() else { throw AuthClientError.sessionMissing }
        let all = session.user.factors ?? []
        return MFAListFactorsResponse(all: all, totp: all.filter { $0.factorType == "totp" && $0.isVerified })
    }

    /// From the stored session: the access token's `aal` and `amr`, and `aal2` as the next
    /// level when the user has a verified factor (supabase-swift's computation). Without a
    /// session every field is empty.
    public func getAuthenticatorAssuranceLevel() async -> AuthenticatorAssuranceLevelResponse {
        guard let session = await client.sessions.storedSession() else {
            return AuthenticatorAssuranceLevelResponse(currentLevel: nil, nextLevel: nil, currentAuthenticationMethods: [])
        }
        let claims = AccessTokenPayload(jwt: session.accessToken)
        let current = claims?.aal.flatMap(AuthenticatorAssuranceLevel.init(rawValue:))
        let hasVerifiedFactor = session.user.factors?.contains(where: \.isVerified) ?? false
        return AuthenticatorAssuranceLevelResponse(
            currentLevel: current, nextLevel: hasVerifiedFactor ? .aal2 : current,
            currentAuthenticationMethods: claims?.amr ?? [])
    }

    /// Sends the request `build` makes with the current session's access token and decodes the
    /// answer; a dead session ends here too.
    private func authorized<T: Decodable>(_ build: @Sendable (String) throws -> URLRequest) async throws -> T {
        let session = try await client.sessions.validSession()
        return try await client.endingDeadSessions(session) { token in
            try await client.api.http.decode(T.self, from: build(token))
        }
    }
}
