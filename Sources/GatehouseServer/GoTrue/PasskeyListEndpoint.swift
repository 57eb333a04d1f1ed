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

/// `GET /passkeys` (supabase-js) and `GET /passkeys/` (supabase-swift): the caller's passkeys,
/// oldest first, `[]` when none.
struct PasskeyListEndpoint {
    let service: GatehouseServices

    func list(_ request: Request, context: AuthenticatedRequestContext) async throws -> Response {
        let passkeys = try await service.passkeys.list(context.caller)
        return try JSONBody.response(passkeys.map(PasskeyPayload.init))
    }
}
