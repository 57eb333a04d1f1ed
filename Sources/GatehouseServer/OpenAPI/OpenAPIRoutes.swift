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
import NIOCore

/// `GET /openapi.json`: the API's OpenAPI document (`OpenAPIDocument`). Public, like `/settings`:
/// it describes routes, never users. It only changes with the binary, so caches may keep it for a
/// while and then revalidate by ETag (NoStoreMiddleware leaves an answer's own caching alone).
struct OpenAPIRoutes {
    static let cacheControl = "public, max-age=300, must-revalidate"

    func add(to router: Router<GatehouseRequestContext>) {
        router.get("openapi.json") { request, _ in Self.document(request) }
    }

    static func document(_ request: Request) -> Response {
        var headers: HTTPFields = [
            .contentType: "application/json", .eTag: OpenAPIDocument.etag, .cacheControl: cacheControl, .contentTypeOptions: "nosniff",
        ]
        if let asked = request.headers[.ifNoneMatch], matches(asked) {
            headers[.contentLength] = nil
            return Response(status: .notModified, headers: headers)
        }
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: OpenAPIDocument.bytes)))
    }

    /// `If-None-Match` names our ETag (in a list, possibly weak) or is `*`.
    static func matches(_ ifNoneMatch: String) -> Bool {
        ifNoneMatch.split(separator: ",").contains { candidate in
            let tag = candidate.trimmingCharacters(in: .whitespaces)
            return tag == "*" || tag == OpenAPIDocument.etag || tag == "W/" + OpenAPIDocument.etag
        }
    }
}
