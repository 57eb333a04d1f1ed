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

/// The Firebase routes' error answers: a `FirebaseError` as it is, anything else (a service's
/// `AuthError`, a rate limit, a body too large, an unexpected failure) through the one mapping
/// table, always in Firebase's envelope. Declared first in the Firebase route list, so it sees
/// what every later middleware and the handler throw.
struct FirebaseErrorMiddleware: RouterMiddleware {
    typealias Context = GatehouseRequestContext

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let error as FirebaseError {
            return try error.response()
        } catch {
            // The same reading of Hummingbird's and NIO's errors (and the same log line for an
            // unexpected one) as the GoTrue routes, then Firebase's name for it.
            return try FirebaseError(GoTrueErrorMiddleware.authError(for: error, context: context)).response()
        }
    }
}
