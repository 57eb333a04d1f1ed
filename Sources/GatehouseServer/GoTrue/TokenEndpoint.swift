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

/// `POST /token?grant_type=password|refresh_token|pkce`. All grants share one per-IP bucket.
struct TokenEndpoint {
    let service: GatehouseServices

    func grant(_ request: Request, context: GatehouseRequestContext) async throws -> Response {
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
        case nil:
            throw AuthError(.invalidCredentials, status: .badRequest, "unsupported_grant_type")
        }
    }
}
