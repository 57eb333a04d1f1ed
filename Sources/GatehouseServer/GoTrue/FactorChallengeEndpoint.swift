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

/// `POST /factors/{id}/challenge`. The body is not read: TOTP needs nothing from it, and the
/// clients send different things (supabase-py `{"channel":null}`, supabase-swift nothing).
struct FactorChallengeEndpoint {
    let service: GatehouseServices

    struct Answer: Encodable {
        var id: String
        var type = "totp"
        var expiresAt: Int64

        enum CodingKeys: String, CodingKey {
            case id, type
            case expiresAt = "expires_at"
        }
    }

    func challenge(_ request: Request, context: AuthenticatedRequestContext) async throws -> Response {
        let factorId = try context.parameters.require("id")
        let made = try await service.mfa.challenge(context.caller, factorId: factorId, client: context.client)
        return try JSONBody.response(Answer(id: made.challenge.id.lowercasedString, expiresAt: made.expiresAt))
    }
}
