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

/// Lets browser clients read the headers GoTrue exposes (`X-Supabase-Api-Version` selects the
/// error shape; `X-Total-Count`, `Link` paginate; `Retry-After` says how long to wait), on the
/// answers to the origins `CORSOriginPolicy` allows. Hummingbird's CORS middleware names exposed
/// headers on preflight answers only; browsers need them on the actual responses.
struct ExposeHeadersMiddleware: RouterMiddleware {
    typealias Context = GatehouseRequestContext
    static let exposed = ["X-Total-Count", "Link", "X-Supabase-Api-Version", "Retry-After"]
    private static let value = exposed.joined(separator: ", ")
    private static let name = HTTPField.Name("Access-Control-Expose-Headers")!

    let policy: CORSOriginPolicy

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var response = try await next(request, context)
        if request.method != .options, policy.verdict(for: request) != .refused {
            response.headers[Self.name] = Self.value
        }
        return response
    }
}
