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

/// Who is calling: the TCP peer, or, when the peer is a trusted proxy
/// (`GATEHOUSE_TRUSTED_PROXIES`), the right-most untrusted hop of its forwarded-address header
/// (`GATEHOUSE_RATE_LIMIT_HEADER`, `X-Forwarded-For` by default); and the user agent.
struct ClientIdentification: Sendable {
    let trustedProxies: TrustedProxies
    let forwardedAddressHeader: HTTPField.Name?

    init(_ configuration: ServerConfiguration.RateLimitConfiguration) {
        trustedProxies = configuration.trustedProxies
        forwardedAddressHeader = HTTPField.Name(configuration.forwardedAddressHeader)
    }

    func client(of request: Request, peer: String?) -> ClientInfo {
        let peer = peer ?? "unknown"
        var address = peer
        if !trustedProxies.isEmpty, let headerName = forwardedAddressHeader {
            address = trustedProxies.client(peer: peer, forwarded: request.headers[values: headerName])
        } else if let parsed = IPAddress(peer) {
            address = parsed.description
        }
        return ClientInfo(address: String(address.prefix(64)), userAgent: request.headers[.userAgent])
    }
}

/// Puts the caller's identity in the request context, once, for every route.
struct ClientIdentificationMiddleware: RouterMiddleware {
    typealias Context = GatehouseRequestContext
    let identification: ClientIdentification

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var context = context
        context.client = identification.client(of: request, peer: context.remoteAddress?.ipAddress)
        return try await next(request, context)
    }
}
