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

/// `PATCH /passkeys/{id}` `{"friendly_name"}`: answers the renamed passkey.
struct PasskeyRenameEndpoint {
    let service: GatehouseServices

    struct Body: Decodable {
        var friendlyName: String?
        enum CodingKeys: String, CodingKey { case friendlyName = "friendly_name" }
    }

    func rename(_ request: Request, context: AuthenticatedRequestContext) async throws -> Response {
        let id = try context.parameters.require("id")
        let body = try await JSONBody.decode(Body.self, from: request, context: context)
        let renamed = try await service.passkeys.rename(context.caller, passkeyId: id, friendlyName: body.friendlyName)
        return try JSONBody.response(PasskeyPayload(renamed))
    }
}
