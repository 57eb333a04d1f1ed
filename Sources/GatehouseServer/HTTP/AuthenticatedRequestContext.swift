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

/// The context a user route's handler gets: everything of `GatehouseRequestContext` it uses, and
/// the caller `BearerAuthenticationMiddleware` resolved, not optional. A Hummingbird child
/// context: the route table's `signedIn(…)` groups convert to it after the middleware ran, so a
/// handler written for it cannot be mounted without authentication in front of it.
struct AuthenticatedRequestContext: ChildRequestContext {
    var coreContext: CoreRequestContextStorage
    let client: ClientInfo
    let caller: Authenticated

    init(context: GatehouseRequestContext) throws {
        // Unreachable through `signedIn(…)`: the middleware sets the caller or refuses the request.
        guard let caller = context.caller else { throw AuthError.noAuthorization }
        self.coreContext = context.coreContext
        self.client = context.client
        self.caller = caller
    }

    /// GoTrue's body limit is 1 MiB (413 past it), as for every route.
    var maxUploadSize: Int { 1 << 20 }
}
