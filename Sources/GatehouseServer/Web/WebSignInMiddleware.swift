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

/// The pages' cookie session, declared in `WebRoutes` on every page that depends on who is
/// signed in (welcome, the login and sign-up redirects, the account page and its forms): resolves
/// the sealed sign-in cookie against its session once, before the handler, and hands the verdict
/// on in the request context (`context.webSignIn`), as `WebFormCSRFMiddleware` hands on the form.
///
/// Declared after the rate limit and the CSRF check, so the cookie is resolved at the same point
/// of the request as when each page did it first thing. A storage failure is handed on too, so
/// the page answers it with its own error page rather than the API's JSON.
struct WebSignInMiddleware: RouterMiddleware {
    typealias Context = GatehouseRequestContext

    let web: WebContext

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var context = context
        do {
            context.webSignIn = .success(try await web.resolveSignIn(request))
        } catch {
            context.webSignIn = .failure(error)
        }
        return try await next(request, context)
    }
}
