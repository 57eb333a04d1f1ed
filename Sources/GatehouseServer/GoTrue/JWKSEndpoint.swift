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

import Foundation
import HTTPTypes
import Hummingbird

/// `GET /.well-known/jwks.json`: the public half of every asymmetric key the server signs or
/// verifies with, so clients (`get_claims`, Firebase's SDKs, an API gateway) verify tokens
/// without asking the server. Never a private member, never a symmetric key: with HS256 only,
/// `{"keys": []}`. Public, cacheable for ten minutes as GoTrue's.
struct JWKSEndpoint {
    let service: GatehouseServices

    struct KeySet: Encodable {
        var keys: [PublicJWK]
    }

    func show(_ request: Request, context: GatehouseRequestContext) async throws -> Response {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let body = try encoder.encode(KeySet(keys: service.sessions.publicKeys))
        let headers: HTTPFields = [.contentType: "application/json", .cacheControl: "public, max-age=600"]
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(data: body)))
    }
}
