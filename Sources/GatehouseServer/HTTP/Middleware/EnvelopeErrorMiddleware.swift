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

/// An adapter's own error vocabulary: every `AuthError` of its routes (a rate limit included)
/// answered as the body `envelope` makes of it, with a 4xx (a server failure is a plain 500) and
/// `Retry-After` when there is one. Other errors go on to the GoTrue error middleware, the
/// server's default. The Edge Function and REST shapes each declare one in their route list.
struct EnvelopeErrorMiddleware<Envelope: Encodable>: RouterMiddleware {
    typealias Context = GatehouseRequestContext

    let envelope: @Sendable (AuthError) -> Envelope

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let error as AuthError {
            return try answer(error)
        }
    }

    func answer(_ error: AuthError) throws -> Response {
        try JSONBody.response(envelope(error), status: error.envelopeStatus, headers: error.retryAfterHeaders)
    }
}
