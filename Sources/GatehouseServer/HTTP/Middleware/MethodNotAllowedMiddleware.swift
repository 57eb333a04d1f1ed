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

import HTTPTypes
import Hummingbird

/// RFC 9110's method rules for the paths the router knows: a method the path does not take
/// answers `405` with `Allow` (in the error shape of the path's adapter: GoTrue's JSON, the
/// Edge Function and REST envelopes, Firebase's envelope, or the error page), and a plain
/// `OPTIONS` (a CORS preflight never gets here: the CORS middleware answers it) answers `204`
/// with `Allow`. Unknown paths go on to the router's 404. `HEAD` is answered by the router
/// wherever `GET` is (`RouterOptions.autoGenerateHeadEndpoints`).
struct MethodNotAllowedMiddleware: RouterMiddleware {
    typealias Context = GatehouseRequestContext
    typealias Render = @Sendable (RouteAdapter, AuthError, Request, Context) throws -> Response

    static let error = AuthError(.methodNotAllowed, kind: .unsupportedMethod)

    let index: RouteMethodIndex
    /// Each adapter's error answer (`MethodNotAllowedAnswers`).
    let render: Render

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        // Hummingbird runs router middleware inside the matched route's responder, after it has
        // set the route pattern: a request that found its route (nearly all) skips the index.
        guard context.endpointPath == nil, let entry = index.match(request.uri.path) else { return try await next(request, context) }
        let method = request.method.rawValue
        if entry.methods[method] != nil || (request.method == .head && entry.methods["GET"] != nil) {
            return try await next(request, context)
        }
        // Counted under the path's pattern, not as an unknown path.
        context.coreContext.endpointPath.value = entry.pattern
        let allow = entry.allowed.joined(separator: ", ")
        if request.method == .options {
            return Response(status: .noContent, headers: [.allow: allow])
        }
        let prefersHTML = request.headers[.accept]?.contains("text/html") ?? false
        var response = try render(entry.adapter(prefersHTML: prefersHTML), Self.error, request, context)
        response.headers[.allow] = allow
        return response
    }
}
