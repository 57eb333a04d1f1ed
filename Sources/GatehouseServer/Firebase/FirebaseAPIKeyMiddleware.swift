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

import HTTPTypes
import Hummingbird

/// The API key of a Firebase call, from `key=` or `X-Goog-Api-Key` (the query wins, as at
/// Google). A key the settings do not list answers Google's invalid-key error (the iOS SDK reads
/// `reason: keyInvalid`). No key is accepted only from an administrator (firebase-admin sends
/// none); anyone else gets Google's 403 for unregistered callers.
struct FirebaseAPIKeyMiddleware: RouterMiddleware {
    typealias Context = FirebaseRequestContext
    static let header = HTTPField.Name("X-Goog-Api-Key")!
    let configuration: FirebaseConfiguration

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let presented = request.uri.queryParameters.get("key") ?? request.headers[Self.header]
        var context = context
        if let presented, !presented.isEmpty {
            guard configuration.accepts(apiKey: presented) else { throw FirebaseError.apiKeyInvalid }
            context.apiKey = presented
        } else if !context.caller.isAdmin {
            throw FirebaseError.apiKeyMissing
        }
        return try await next(request, context)
    }
}
