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

/// `POST /signup`.
struct SignupEndpoint {
    let service: GatehouseServices

    func signUp(_ request: Request, context: GatehouseRequestContext) async throws -> Response {
        let client = context.client
        let body = try await JSONBody.decode(SignUpRequest.self, from: request, context: context)
        if (body.email ?? "").isEmpty, (body.phone ?? "").isEmpty {
            // Neither email nor phone: GoTrue's anonymous sign-in (a password alone is ignored).
            return JSONBody.response(SessionPayload(try await service.accounts.signUpAnonymously(data: body.data ?? [:], client: client)))
        }
        let pkce = try PKCEChallenge.parse(challenge: body.codeChallenge, method: body.codeChallengeMethod)
        // The confirmation link comes back to `redirect_to`, as /recover's does.
        switch try await service.accounts.signUp(
            email: body.email, password: body.password, data: body.data ?? [:], client: client,
            redirectTo: request.redirectTo, pkce: pkce
        ) {
        case .signedIn(let session): return JSONBody.response(SessionPayload(session))
        case .awaitingConfirmation(let user): return JSONBody.response(user.payload)
        }
    }
}
