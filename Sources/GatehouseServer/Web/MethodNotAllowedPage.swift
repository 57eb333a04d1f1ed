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

/// The page a browser gets for a method a page's path does not take (405): the error page,
/// with every page's security headers.
struct MethodNotAllowedPage {
    let web: WebContext

    init(service: GatehouseServices) {
        web = WebContext(service: service)
    }

    func response(for request: Request) -> Response {
        let page = WebPage(
            template: "server_error", title: "Method not allowed",
            values: ["message": "This page cannot be reached this way.", "retry": "Go to the start page", "back": "/"],
            status: .methodNotAllowed)
        var response = web.renderer.response(.page(page), exchange: web.exchange(for: request))
        PageSecurityHeadersMiddleware.apply(to: &response.headers)
        return response
    }
}
