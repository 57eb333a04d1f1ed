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

/// `GET /user` and `PUT /user`, for the caller `BearerAuthenticationMiddleware` resolved.
struct UserEndpoint {
    let service: GatehouseServices

    func show(_ request: Request, context: AuthenticatedRequestContext) async throws -> Response {
        JSONBody.response(context.caller.user.payload)
    }

    func update(_ request: Request, context: AuthenticatedRequestContext) async throws -> Response {
        let caller = context.caller
        let body = try await JSONBody.decode(UserUpdateRequest.self, from: request, context: context)
        let pkce = try PKCEChallenge.parse(challenge: body.codeChallenge, method: body.codeChallengeMethod)
        return JSONBody.response(
            try await service.accounts.updateUser(caller, with: body, redirectTo: request.redirectTo, pkce: pkce).payload)
    }
}
