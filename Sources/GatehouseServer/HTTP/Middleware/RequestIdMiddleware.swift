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

/// Gives every request an id, puts it on the request's logger (every log line of the request
/// carries it, and GoTrue's 500 answers name it as `error_id`) and echoes it as `X-Request-Id`.
///
/// The id a client sends is taken only from a trusted proxy (`GATEHOUSE_TRUSTED_PROXIES`), so a
/// load balancer's id ties its logs to ours, and only when it is short and plain (letters,
/// digits, `-`, `_`, `.`, `:`): anyone else could forge ids, or write into our log lines.
struct RequestIdMiddleware: RouterMiddleware {
    typealias Context = GatehouseRequestContext
    static let header = HTTPField.Name("X-Request-Id")!
    /// Hummingbird's logger key for the request id (`context.id` reads it); both log formats
    /// write it as `request_id` (`Logger.Metadata.line`).
    static let metadataKey = "hb.request.id"
    static let maximumLength = 128

    let trustedProxies: TrustedProxies

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var context = context
        let id = acceptedId(request, peer: context.remoteAddress?.ipAddress) ?? Self.newId()
        context.logger[metadataKey: Self.metadataKey] = .string(id)
        var response = try await next(request, context)
        response.headers[Self.header] = id
        return response
    }

    func acceptedId(_ request: Request, peer: String?) -> String? {
        guard !trustedProxies.isEmpty, let peer, let address = IPAddress(peer), trustedProxies.contains(address),
            let id = request.headers[Self.header], Self.isAcceptable(id)
        else { return nil }
        return id
    }

    static func isAcceptable(_ id: String) -> Bool {
        (1...maximumLength).contains(id.utf8.count)
            && id.utf8.allSatisfy { byte in
                switch byte {
                case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                    true
                case UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."), UInt8(ascii: ":"): true
                default: false
                }
            }
    }

    /// 128 random bits, hex: unguessable and unique enough to find one request in the logs.
    static func newId() -> String {
        RandomSource.system.bytes(16).hexString
    }
}
