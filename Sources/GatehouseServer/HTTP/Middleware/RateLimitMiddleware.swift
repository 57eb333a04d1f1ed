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

/// A route's rate limit, declared in the route table.
///
/// API routes (`.refuse`) are refused with GoTrue's 429 and `Retry-After` before anything else
/// of the request is read (the adapter's error middleware renders it in its own vocabulary).
/// Pages (`.page`) answer a limit with the same form and its typed values, and count only
/// well-formed submissions (a typo costs nothing), so for them the middleware hands the
/// client's budget to the page through the request context (`RequestBudget`) and the page spends
/// it once its form is valid.
struct RateLimitMiddleware: RouterMiddleware {
    typealias Context = GatehouseRequestContext

    enum Mode: Sendable {
        case refuse
        case page
    }

    let limiter: RateLimiter
    let mode: Mode

    init(_ limiter: RateLimiter, _ mode: Mode = .refuse) {
        self.limiter = limiter
        self.mode = mode
    }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        switch mode {
        case .refuse:
            try await limiter.check(context.client.address)
            return try await next(request, context)
        case .page:
            var context = context
            context.requestBudget = RequestBudget(limiter: limiter, client: context.client.address)
            return try await next(request, context)
        }
    }
}

/// One client's allowance in one bucket, as a page sees it: `spend()` takes a request from it and
/// answers how long to wait when there is none left.
struct RequestBudget: Sendable {
    private let limiter: RateLimiter?
    private let client: String

    init(limiter: RateLimiter, client: String) {
        self.limiter = limiter
        self.client = client
    }

    private init() {
        limiter = nil
        client = ""
    }

    /// A route without a declared limit.
    static let unlimited = RequestBudget()

    /// Nil when the request may go on, or the seconds to wait.
    func spend() async throws(AuthError) -> Int? {
        guard let limiter else { return nil }
        return try await limiter.consume(limiter.key(of: client))
    }
}
