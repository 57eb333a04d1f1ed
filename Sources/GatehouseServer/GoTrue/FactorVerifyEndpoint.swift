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

/// `POST /factors/{id}/verify`: a code against a challenge; answers the raised (aal2) session.
struct FactorVerifyEndpoint {
    let service: GatehouseServices

    /// `factor_id`, which the clients also send, is ignored: the path names the factor.
    struct Body: Decodable {
        var challengeId: String?
        var code: String?

        enum CodingKeys: String, CodingKey {
            case code
            case challengeId = "challenge_id"
        }
    }

    func verify(_ request: Request, context: AuthenticatedRequestContext) async throws -> Response {
        let factorId = try context.parameters.require("id")
        let body = try await JSONBody.decode(Body.self, from: request, context: context)
        let session = try await service.mfa.verify(
            context.caller, factorId: factorId, challengeId: body.challengeId, code: body.code, client: context.client)
        return JSONBody.response(SessionPayload(session))
    }
}
