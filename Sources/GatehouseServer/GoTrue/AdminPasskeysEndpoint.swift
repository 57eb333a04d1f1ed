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

/// `GET /admin/users/{id}/passkeys` (the user's passkeys, `[]` when none) and
/// `DELETE /admin/users/{id}/passkeys/{passkey_id}` (204), for a `service_role` token. Not gated
/// by `GATEHOUSE_PASSKEY_ENABLED`: an operator can still see and remove passkeys with it off.
struct AdminPasskeysEndpoint {
    let service: GatehouseServices

    func list(_ request: Request, context: GatehouseRequestContext) async throws -> Response {
        let userId = try context.parameters.require("id")
        let passkeys = try await service.passkeys.adminList(userId: userId)
        return try JSONBody.response(passkeys.map(PasskeyPayload.init))
    }

    func delete(_ request: Request, context: GatehouseRequestContext) async throws -> Response {
        let userId = try context.parameters.require("id")
        let passkeyId = try context.parameters.require("passkey_id")
        _ = try await service.passkeys.adminDelete(userId: userId, passkeyId: passkeyId)
        return Response(status: .noContent)
    }
}
