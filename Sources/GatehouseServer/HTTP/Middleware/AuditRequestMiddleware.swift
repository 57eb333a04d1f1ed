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

/// Hands the request's origin to the audit entries its services write (`AuditRequest.current`).
/// Runs right after `ClientIdentificationMiddleware`, so the address is the one rate limits and
/// sessions see (a trusted proxy's forwarded hop, not the proxy). The request id is the one the
/// request's log lines carry.
struct AuditRequestMiddleware: RouterMiddleware {
    typealias Context = GatehouseRequestContext

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let origin = AuditRequest(
            ipAddress: context.client.address, userAgent: context.client.userAgent, requestId: context.id, actor: nil)
        return try await AuditRequest.$current.withValue(origin) { try await next(request, context) }
    }
}
