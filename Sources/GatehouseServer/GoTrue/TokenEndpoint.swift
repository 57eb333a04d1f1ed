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

import GatehouseCore
import Hummingbird

/// `POST /token?grant_type=password|refresh_token|pkce|id_token`. All grants share one per-IP bucket.
struct TokenEndpoint {
    let service: GatehouseServices

    /// `bearer`: the caller's access token, when it sent one (only `link_identity` uses it).
    func grant(_ request: Request, context: GatehouseRequestContext, bearer: String?) async throws -> Response {
        let client = context.client
        let body = try await JSONBody.decode(TokenRequest.self, from: request, context: context)
        switch request.uri.queryParameters.get("grant_type").flatMap(TokenGrant.init(rawValue:)) {
        case .password:
            return JSONBody.response(
                SessionPayload(try await service.sessions.signIn(email: body.email, password: body.password, client: client)))
        case .refreshToken:
            return JSONBody.response(SessionPayload(try await service.sessions.refresh(token: body.refreshToken, client: client)))
        case .pkce:
            return JSONBody.response(
                SessionPayload(
                    try await service.sessions.exchangeCode(authCode: body.authCode, verifier: body.codeVerifier, client: client)
                ))
        case .idToken:
            if body.linkIdentity == true {
                let caller = try await service.sessions.authenticate(bearer: bearer)
                return JSONBody.response(
                    SessionPayload(
                        try await service.federation.linkAndSignIn(
                            idToken: body.idToken, provider: body.provider, nonce: body.nonce, to: caller.user.id, client: client)))
            }
            let signedIn = try await service.federation.signIn(
                idToken: body.idToken, provider: body.provider, nonce: body.nonce, profile: nil, over: .gotrue, client: client)
            return JSONBody.response(SessionPayload(signedIn.issued))
        case nil:
            throw AuthError(.invalidCredentials, status: .badRequest, "unsupported_grant_type")
        }
    }
}
