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

/// `DELETE /passkeys/{id}`: 204 with an empty body.
struct PasskeyDeleteEndpoint {
    let service: GatehouseServices

    func delete(_ request: Request, context: AuthenticatedRequestContext) async throws -> Response {
        let id = try context.parameters.require("id")
        _ = try await service.passkeys.delete(context.caller, passkeyId: id)
        return Response(status: .noContent)
    }
}
