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

/// `POST /otp` and the older `POST /magiclink`: email a magic link and a 6-digit code. Answers
/// `200 {}` for every well-formed address, registered or not.
struct OTPEndpoint {
    let service: GatehouseServices

    func request(_ request: Request, context: GatehouseRequestContext) async throws -> Response {
        let body = try await JSONBody.decode(OTPRequest.self, from: request, context: context)
        let pkce = try PKCEChallenge.parse(challenge: body.codeChallenge, method: body.codeChallengeMethod)
        try await service.accounts.requestMagicLink(
            email: body.email, data: body.data ?? [:], createUser: body.createUser ?? true, redirectTo: request.redirectTo, pkce: pkce)
        return try JSONBody.response(EmptyObject())
    }
}
