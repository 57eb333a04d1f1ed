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

/// `Cache-Control: no-store` and `Pragma: no-cache` on every answer that does not choose its
/// own caching, as GoTrue does for tokens.
///
/// Tokens and user data travel in the bodies of `/token`, `/verify`, `/signup`, `/user` and the
/// admin answers, and in error answers' context; a shared cache or the browser's disk cache must
/// keep none of them. Marking every API answer is simpler and safer than listing the ones that
/// carry a token today. Answers that set `Cache-Control` themselves (versioned static assets)
/// keep it; `Pragma` (for HTTP/1.0 caches) goes with every `no-store`.
struct NoStoreMiddleware: RouterMiddleware {
    typealias Context = GatehouseRequestContext
    static let pragma = HTTPField.Name("Pragma")!

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var response = try await next(request, context)
        Self.mark(&response.headers)
        return response
    }

    static func mark(_ headers: inout HTTPFields) {
        if headers[.cacheControl] == nil { headers[.cacheControl] = "no-store" }
        if headers[.cacheControl]?.contains("no-store") == true, headers[pragma] == nil { headers[pragma] = "no-cache" }
    }
}
