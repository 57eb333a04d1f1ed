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
import NIOCore
import Testing

@testable import GatehouseServer

/// A browser on the server's own pages, through the router: keeps its cookies, reads a page's
/// CSRF token, and posts forms as the pages do.
struct WebFormClient: Sendable {
    let api: API
    var cookies: [String: String] = [:]

    init(_ api: API) { self.api = api.atRoot }

    /// GETs `path`, keeping the cookies it sets.
    mutating func get(_ path: String, headers: HTTPFields = [:]) async throws -> Reply {
        let reply = try await api.send(.get, path, headers: withCookies(headers))
        keepCookies(of: reply)
        return reply
    }

    /// POSTs `fields` form-encoded to `path`, with this browser's cookies and same-origin `Origin`.
    mutating func post(_ path: String, _ fields: [String: String], headers: HTTPFields = [:]) async throws -> Reply {
        var all = withCookies(headers)
        all[.contentType] = "application/x-www-form-urlencoded"
        if all[.origin] == nil { all[.origin] = "http://localhost" }
        let body = fields.map { key, value in
            key + "=" + (value.addingPercentEncoding(withAllowedCharacters: .urlQueryValueAllowed) ?? value)
        }.joined(separator: "&")
        let reply = try await api.send(.post, path, raw: ByteBuffer(string: body), headers: all)
        keepCookies(of: reply)
        return reply
    }

    /// The value of the hidden input `name` on `page`.
    static func hiddenField(_ name: String, in page: Reply) -> String? {
        guard let start = page.text.range(of: "name=\"\(name)\" value=\"") else { return nil }
        return String(page.text[start.upperBound...].prefix { $0 != "\"" })
    }

    private func withCookies(_ headers: HTTPFields) -> HTTPFields {
        var all = headers
        if !cookies.isEmpty { all[.cookie] = cookies.map { "\($0.key)=\($0.value)" }.joined(separator: "; ") }
        return all
    }

    private mutating func keepCookies(of reply: Reply) {
        for header in reply.headers[values: .setCookie] {
            let pair = header.split(separator: ";", maxSplits: 1)[0].split(separator: "=", maxSplits: 1)
            guard pair.count == 2 else { continue }
            cookies[String(pair[0])] = String(pair[1])
        }
    }
}
