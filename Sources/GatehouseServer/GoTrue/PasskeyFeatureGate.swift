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

/// Every `/passkeys…` route answers `404 passkey_disabled` while the feature is off, before
/// anything else (rate limit, token, body) is looked at, as GoTrue's `requirePasskeyEnabled`.
struct PasskeyFeatureGate<Context: RequestContext>: RouterMiddleware {
    let enabled: Bool

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard enabled else { throw AuthError.passkeyDisabled }
        return try await next(request, context)
    }
}
