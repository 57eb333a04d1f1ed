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

import GatehouseCore
import Hummingbird

/// Refuses a request whose query string or path carries, once percent-decoded, a NUL byte or
/// bytes that are not UTF-8. Such a value can reach no column: PostgreSQL
/// text cannot hold NUL (it answered 500 for `role=%00` on the admin listing). One guard for
/// every route, so an endpoint added later is covered without code of its own.
///
/// The router's guard answers in GoTrue's body; paths whose adapter has an error envelope of its
/// own (Firebase, Edge Function, REST) are `leftToTheirRoutes`: their route lists put a guard
/// inside their error middleware, so the refusal speaks the route's envelope.
struct QueryInputGuard<Context: RequestContext>: RouterMiddleware {
    /// Path prefixes the router-level guard leaves to the routes' own guard.
    var leftToTheirRoutes: [String] = []

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let path = request.uri.path
        if !leftToTheirRoutes.contains(where: { path.hasPrefix($0) }),
            let problem = Self.problem(query: request.uri.query ?? "", path: path)
        {
            throw AuthError.validation(problem)
        }
        return try await next(request, context)
    }

    /// A message naming the offending parameter, or nil when everything is storable.
    static func problem(query: String, path: String) -> String? {
        if !isStorable(percentDecoded(path[...])) { return "The path contains a NUL character or invalid UTF-8" }
        for pair in query.split(separator: "&", omittingEmptySubsequences: true) {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = percentDecoded(parts[0], plusIsSpace: true)
            let value = parts.count > 1 ? percentDecoded(parts[1], plusIsSpace: true) : []
            guard isStorable(name) else { return "A query parameter name contains a NUL character or invalid UTF-8" }
            guard isStorable(value) else {
                let shown = String(decoding: name.prefix(64), as: UTF8.self)
                return "Query parameter \"\(shown)\" contains a NUL character or invalid UTF-8"
            }
        }
        return nil
    }

    private static func isStorable(_ bytes: [UInt8]) -> Bool {
        !bytes.contains(0) && String(validating: bytes, as: UTF8.self) != nil
    }

    /// `%XX` decoded (a malformed escape is kept as is, as Hummingbird's own reading does).
    static func percentDecoded(_ text: Substring, plusIsSpace: Bool = false) -> [UInt8] {
        let utf8 = Array(text.utf8)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(utf8.count)
        var index = 0
        while index < utf8.count {
            let byte = utf8[index]
            if byte == UInt8(ascii: "%"), index + 2 < utf8.count, let high = utf8[index + 1].hexDigitValue,
                let low = utf8[index + 2].hexDigitValue
            {
                bytes.append(high << 4 | low)
                index += 3
            } else {
                bytes.append(plusIsSpace && byte == UInt8(ascii: "+") ? UInt8(ascii: " ") : byte)
                index += 1
            }
        }
        return bytes
    }
}
