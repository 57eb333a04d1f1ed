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

/// `GET /reauthenticate`: emails the signed-in user a 6-digit nonce for `PUT /user {password, nonce}`.
struct ReauthenticateEndpoint {
    let service: GatehouseServices

    func requestNonce(_ request: Request, context: AuthenticatedRequestContext) async throws -> Response {
        try await service.accounts.requestReauthentication(context.caller)
        return try JSONBody.response(EmptyObject())
    }
}
