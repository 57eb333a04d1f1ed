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
import NIOCore

/// The request context: Hummingbird's core storage, the TCP peer's address, and what the route
/// table's middleware learns about the request before its handler runs.
struct GatehouseRequestContext: RequestContext, RemoteAddressRequestContext {
    var coreContext: CoreRequestContextStorage
    let remoteAddress: SocketAddress?
    /// Who is calling: set for every request by `ClientIdentificationMiddleware` (the rate-limit
    /// key, and what sessions record).
    var client: ClientInfo
    /// The verified caller of a user route, set by `BearerAuthenticationMiddleware` (handlers
    /// read it from `AuthenticatedRequestContext`).
    var caller: Authenticated?
    /// A page's request budget, set by `RateLimitMiddleware(…, .page)`; unlimited elsewhere.
    var requestBudget: RequestBudget = .unlimited
    /// A web form's fields and whether it is genuine, set by `WebFormCSRFMiddleware`.
    var webForm: WebFormSubmission?
    /// Where the browser stands by its sign-in cookie (or the storage failure that hid it), set by
    /// `WebSignInMiddleware` on the pages that depend on it.
    var webSignIn: Result<WebSignIn, AuthError>?
    /// The operator a console page is served to, set by `ConsoleGuardMiddleware` (`Web/Console/`).
    var consoleOperator: ConsoleOperator?

    init(source: ApplicationRequestContextSource) {
        self.coreContext = .init(source: source)
        self.remoteAddress = source.channel.remoteAddress
        self.client = ClientInfo(address: remoteAddress?.ipAddress ?? "unknown", userAgent: nil)
    }

    /// GoTrue's body limit is 1 MiB (413 past it).
    var maxUploadSize: Int { 1 << 20 }
}
