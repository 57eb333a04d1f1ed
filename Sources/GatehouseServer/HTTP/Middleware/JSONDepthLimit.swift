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

/// Carries `GATEHOUSE_MAX_JSON_DEPTH` to `JSONBody.decode` for the request being served (the
/// request context is built by Hummingbird and cannot hold the configuration).
struct JSONDepthLimit<Context: RequestContext>: RouterMiddleware {
    let maximumDepth: Int

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        try await JSONBody.$maximumDepth.withValue(maximumDepth) {
            try await next(request, context)
        }
    }
}
