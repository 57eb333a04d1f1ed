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

/// `POST /logout?scope=global|local|others` → 204, no body (any body sent is ignored). The caller is
/// authenticated before the scope is read, as GoTrue's `requireAuthentication` does.
struct LogoutEndpoint {
    let service: GatehouseServices

    func signOut(_ request: Request, context: AuthenticatedRequestContext) async throws -> Response {
        let scope = try SignOutScope(parameter: request.uri.queryParameters.get("scope"))
        try await service.sessions.signOut(context.caller, scope: scope)
        return Response(status: .noContent)
    }
}
