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

/// Counts every answered request and its duration by route PATTERN (the router's, e.g.
/// `/auth/v1/admin/users/{id}`), method and status class — never by the raw path, which holds
/// user ids and tokens. A request answered before the router (a CORS preflight, a plain `OPTIONS`,
/// a method the path does not take) is counted under the pattern its path matches in `routes`;
/// requests no route matches share the label `unmatched`.
struct HTTPMetricsMiddleware: RouterMiddleware {
    typealias Context = GatehouseRequestContext
    let metrics: GatehouseMetrics
    /// The router's patterns, filled once every route is added.
    var routes: RouteMethodIndex?

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let start = ContinuousClock.now
        let response: Response
        do {
            response = try await next(request, context)
        } catch {
            record(request, context, status: (error as? any HTTPResponseError)?.status.code ?? 500, since: start)
            throw error
        }
        record(request, context, status: response.status.code, since: start)
        return response
    }

    private func record(_ request: Request, _ context: Context, status: Int, since start: ContinuousClock.Instant) {
        metrics.recordRequest(
            route: Self.routeLabel(context.endpointPath, path: request.uri.path, routes: routes),
            method: Self.methodLabel(request.method), status: status, duration: ContinuousClock.now - start)
    }

    /// The pattern the router matched; else the pattern `path` matches among `routes`; else `unmatched`.
    static func routeLabel(_ endpointPath: String?, path: String, routes: RouteMethodIndex?) -> String {
        if let endpointPath, endpointPath.hasPrefix("/") { return endpointPath }
        return routes?.match(path)?.pattern ?? GatehouseMetrics.unmatchedRoute
    }

    /// The standard methods as they are; anything else one label (a client picks the method).
    static func methodLabel(_ method: HTTPRequest.Method) -> String {
        let known: Set<String> = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]
        return known.contains(method.rawValue) ? method.rawValue : "other"
    }
}
