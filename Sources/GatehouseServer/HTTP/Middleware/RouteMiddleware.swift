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

extension RouterMethods {
    /// A group of its own for one route of the route table, carrying that route's middleware in
    /// the order given (outermost first): `routes.with(otp, user).put("user") { … }`.
    func with(_ middleware: any MiddlewareProtocol<Request, Response, Context>...) -> RouterGroup<Context> {
        let group = self.group()
        for each in middleware { group.add(middleware: each) }
        return group
    }
}

extension RouterMethods where Context == GatehouseRequestContext {
    /// A group of its own for one user route: `middleware` (a rate limit), then `authentication`;
    /// its handler gets an `AuthenticatedRequestContext`, whose caller is not optional.
    func signedIn(
        _ authentication: BearerAuthenticationMiddleware, after middleware: any MiddlewareProtocol<Request, Response, Context>...
    ) -> RouterGroup<AuthenticatedRequestContext> {
        let group = self.group()
        for each in middleware { group.add(middleware: each) }
        group.add(middleware: authentication)
        return group.group(context: AuthenticatedRequestContext.self)
    }
}
