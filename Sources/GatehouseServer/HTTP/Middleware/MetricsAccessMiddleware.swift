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

import Foundation
import HTTPTypes
import Hummingbird

/// Who may read `GET /metrics` (`GATEHOUSE_METRICS`): nobody (404, as an unknown path),
/// anyone, or the holder of the configured bearer token (401 otherwise).
struct MetricsAccessMiddleware: RouterMiddleware {
    typealias Context = GatehouseRequestContext
    let access: ServerConfiguration.MetricsAccess

    static let notServed = AuthError(.notFound, kind: .notFound)
    static let refused = AuthError(.noAuthorization, status: .unauthorized, "This endpoint requires the metrics bearer token")

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        switch access {
        case .off:
            throw Self.notServed
        case .public:
            return try await next(request, context)
        case .bearer(let token):
            let presented = request.headers.bearerToken ?? ""
            guard OneTimeTokenHasher.constantTimeEquals(presented, token.value) else {
                var response = GoTrueErrorMiddleware.render(Self.refused, request: request, requestId: context.id)
                response.headers[.wwwAuthenticate] = "Bearer realm=\"metrics\""
                return response
            }
            return try await next(request, context)
        }
    }
}
