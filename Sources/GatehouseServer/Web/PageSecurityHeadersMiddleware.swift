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

/// The headers of every page answer (pages, form answers and their redirects), declared for the
/// web routes in `WebRoutes`: a strict Content-Security-Policy (scripts, styles and images only
/// from this server, no inline script or style), no referrer (reset links carry tokens in their
/// query), `no-store`, `nosniff`, no framing, and a cross-origin opener policy.
///
/// A header the answer already carries wins: a page whose forms may lead elsewhere sets its own
/// CSP (`contentSecurityPolicy(formActions:)`, see `PageRenderer`).
struct PageSecurityHeadersMiddleware: RouterMiddleware {
    typealias Context = GatehouseRequestContext

    static let contentSecurityPolicy = contentSecurityPolicy(formActions: [])

    /// The CSP whose `form-action` allows `formActions` besides this server.
    static func contentSecurityPolicy(formActions: [String]) -> String {
        [
            "default-src 'none'", "script-src 'self'", "style-src 'self'", "img-src 'self'", "connect-src 'self'",
            (["form-action 'self'"] + formActions).joined(separator: " "), "base-uri 'none'", "frame-ancestors 'none'",
        ].joined(separator: "; ")
    }

    static let headers: HTTPFields = [
        .contentSecurityPolicy: contentSecurityPolicy,
        .referrerPolicy: "no-referrer",
        .cacheControl: "no-store",
        .contentTypeOptions: "nosniff",
        .frameOptions: "DENY",
        HTTPField.Name("Cross-Origin-Opener-Policy")!: "same-origin",
    ]

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var response = try await next(request, context)
        Self.apply(to: &response.headers)
        return response
    }

    /// Adds each common header `headers` does not carry yet (for a page served outside the web
    /// routes: the emailed link's `/verify` page).
    static func apply(to headers: inout HTTPFields) {
        for field in Self.headers where headers[field.name] == nil {
            headers.append(field)
        }
    }
}
