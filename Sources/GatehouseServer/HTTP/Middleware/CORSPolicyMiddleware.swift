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

/// The API's CORS, as `CORSOriginPolicy` decides per request, answered by Hummingbird's
/// `CORSMiddleware`: an allowed origin's preflight gets the methods and headers the official
/// clients send (supabase-js renames passkeys with `PATCH`; the Firebase JS SDK sends its own
/// headers) and its `Origin` back with `Vary: Origin`; `*` only when set explicitly. Never
/// `Access-Control-Allow-Credentials`: the clients send tokens in headers, not cookies. A refused
/// origin's request goes on untouched: its preflight is a plain `OPTIONS` (`MethodNotAllowedMiddleware`).
struct CORSPolicyMiddleware: RouterMiddleware {
    typealias Context = GatehouseRequestContext

    static let allowedHeaders: [HTTPField.Name] =
        [.accept, .authorization, .contentType, .origin]
        + ["apikey", "X-Client-Info", "X-JWT-AUD", "X-Supabase-Api-Version"].compactMap { HTTPField.Name($0) }
        + FirebaseRoutes.browserHeaders
    static let allowedMethods: [HTTPRequest.Method] = [.get, .post, .put, .patch, .delete, .options]

    let policy: CORSOriginPolicy
    private let reflecting = Self.cors(.originBased)
    private let wildcard = Self.cors(.all)

    init(policy: CORSOriginPolicy) {
        self.policy = policy
    }

    private static func cors(_ origin: CORSMiddleware<Context>.AllowOriginExtended) -> CORSMiddleware<Context> {
        CORSMiddleware(
            allowOrigin: origin, allowHeaders: allowedHeaders, allowMethods: allowedMethods, allowCredentials: false,
            exposedHeaders: ExposeHeadersMiddleware.exposed)
    }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        switch policy.verdict(for: request) {
        case .refused: try await next(request, context)
        case .reflected: try await reflecting.handle(request, context: context, next: next)
        case .anyOrigin: try await wildcard.handle(request, context: context, next: next)
        }
    }
}
