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

/// `GET /admin/users/{id}/factors` (a JSON array, `[]` when none) and
/// `PUT /admin/users/{id}/factors/{factor_id}` (`{friendly_name}`: the renamed factor) and
/// `DELETE /admin/users/{id}/factors/{factor_id}` (the removed factor), for a `service_role` token.
struct AdminFactorsEndpoint {
    let service: GatehouseServices

    func list(_ request: Request, context: GatehouseRequestContext) async throws -> Response {
        let userId = try context.parameters.require("id")
        let factors = try await service.mfa.adminFactors(userId: userId)
        return try JSONBody.response(factors.map(\.payload))
    }

    struct Update: Decodable {
        var friendlyName: String?
        enum CodingKeys: String, CodingKey { case friendlyName = "friendly_name" }
    }

    func update(_ request: Request, context: GatehouseRequestContext) async throws -> Response {
        let userId = try context.parameters.require("id")
        let factorId = try context.parameters.require("factor_id")
        let body = try await JSONBody.decode(Update.self, from: request, context: context)
        let renamed = try await service.mfa.adminRenameFactor(userId: userId, factorId: factorId, friendlyName: body.friendlyName)
        return JSONBody.response(renamed.payload)
    }

    func delete(_ request: Request, context: GatehouseRequestContext) async throws -> Response {
        let userId = try context.parameters.require("id")
        let factorId = try context.parameters.require("factor_id")
        let removed = try await service.mfa.adminDeleteFactor(userId: userId, factorId: factorId)
        return JSONBody.response(removed.payload)
    }
}
