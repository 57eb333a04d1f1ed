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

import Hummingbird

/// User routes: resolves `Authorization: Bearer <access token>` to the caller (valid signature,
/// a session that still exists, a user who is not banned) and hands it to the handler through
/// the request context (`AuthenticatedRequestContext.caller`). Refused calls never reach the handler, so
/// nothing of their body is read.
struct BearerAuthenticationMiddleware: RouterMiddleware {
    typealias Context = GatehouseRequestContext
    let service: GatehouseServices

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var context = context
        context.caller = try await service.sessions.authenticate(bearer: request.headers.bearerToken)
        return try await next(request, context)
    }
}

/// Admin routes: a `service_role` (or `supabase_admin`) token, checked before any body is read.
struct AdminAuthorizationMiddleware: RouterMiddleware {
    typealias Context = GatehouseRequestContext
    let service: GatehouseServices

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var origin = AuditRequest.current
        origin.actor = try await service.sessions.requireAdmin(bearer: request.headers.bearerToken)
        return try await AuditRequest.$current.withValue(origin) { try await next(request, context) }
    }
}
