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
import Logging

/// One log line per request: method, path, route pattern, status, duration and the request id
/// (`RequestIdMiddleware` put it on the logger).
///
/// The query string is never logged: GoTrue's links carry tokens there (`/verify?token=`), and
/// Hummingbird's own request logger would print the full URI.
struct RequestLogMiddleware: RouterMiddleware {
    typealias Context = GatehouseRequestContext
    /// The router's patterns, for requests answered before the router (`HTTPMetricsMiddleware`'s rule).
    var routes: RouteMethodIndex?

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let start = ContinuousClock.now
        let response = try await next(request, context)
        context.logger.log(
            level: response.status.code >= 500 ? .error : .info, "Request",
            metadata: [
                "method": .string(request.method.rawValue),
                "path": .string(request.uri.path),
                // The route pattern (`/admin/users/{id}`), for grouping lines without the ids.
                "route": .string(HTTPMetricsMiddleware.routeLabel(context.endpointPath, path: request.uri.path, routes: routes)),
                // Numbers: the JSON format writes them as JSON numbers (`LogNumber`).
                "status": .stringConvertible(response.status.code),
                "duration_ms": .stringConvertible(LogMilliseconds(ContinuousClock.now - start)),
            ]
        )
        return response
    }
}
