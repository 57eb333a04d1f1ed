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

/// `POST /recover` and `POST /resend`: GoTrue's "send me an email" routes. Both answer `200 {}`
/// for every well-formed address, registered or not.
struct RecoverEndpoint {
    let service: GatehouseServices

    func recover(_ request: Request, context: GatehouseRequestContext) async throws -> Response {
        let body = try await JSONBody.decode(EmailLinkRequest.self, from: request, context: context)
        let pkce = try PKCEChallenge.parse(challenge: body.codeChallenge, method: body.codeChallengeMethod)
        try await service.recovery.requestEmail(.recovery, email: body.email, redirectTo: request.redirectTo, pkce: pkce)
        return try JSONBody.response(EmptyObject())
    }

    func resend(_ request: Request, context: GatehouseRequestContext) async throws -> Response {
        let body = try await JSONBody.decode(EmailLinkRequest.self, from: request, context: context)
        let kind: EmailRequestKind
        switch body.type.flatMap(ResendType.init(rawValue:)) {
        case .signup: kind = .signupConfirmation
        case .recovery: kind = .recovery
        case .emailChange:
            let pkce = try PKCEChallenge.parse(challenge: body.codeChallenge, method: body.codeChallengeMethod)
            try await service.accounts.resendEmailChange(email: body.email, redirectTo: request.redirectTo, pkce: pkce)
            return try JSONBody.response(EmptyObject())
        case nil: throw AuthError.validation("Missing one of these types: signup, email_change, recovery")
        }
        let pkce = try PKCEChallenge.parse(challenge: body.codeChallenge, method: body.codeChallengeMethod)
        try await service.recovery.requestEmail(
            kind, email: body.email, redirectTo: request.redirectTo, pkce: pkce,
            missingMessage: "Resend requires an email")
        return try JSONBody.response(EmptyObject())
    }
}
