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

/// `page` and `per_page` of `GET /admin/users`, and its `Link` header, as GoTrue's
/// pagination.go: empty values mean the defaults (supabase-py sends `page=&per_page=`), anything
/// but a whole number in bounds is 400 "Bad Pagination Parameters"; the links repeat the
/// request's path and query with `page` replaced, keys sorted (Go's `url.Values.Encode`), so
/// `page` comes first as supabase-swift's parser needs.
struct AdminUsersPaging {
    static let defaultPerPage = 50
    /// GoTrue has no cap; one is kept so a single request cannot load the whole table.
    static let maximumPerPage = 1000
    /// 10⁹ pages: far beyond any real listing, far below overflow of (page - 1) * per_page.
    static let maximumPage = 1_000_000_000

    let page: Int
    let perPage: Int
    /// `per_page` was above the cap: the links carry the value used.
    let clamped: Bool

    init(_ request: Request) throws(AuthError) {
        page = try Self.read("page", request, default: 1, range: 1...Self.maximumPage)
        let asked = try Self.read("per_page", request, default: Self.defaultPerPage, range: 1...Int(Int32.max))
        perPage = min(asked, Self.maximumPerPage)
        clamped = asked > Self.maximumPerPage
    }

    var offset: Int { (page - 1) * perPage }

    private static func read(_ name: String, _ request: Request, default fallback: Int, range: ClosedRange<Int>) throws(AuthError) -> Int {
        guard let raw = request.uri.queryParameters[name[...]].map(String.init), !raw.isEmpty else { return fallback }
        guard raw.utf8.count <= 19, raw.utf8.allSatisfy({ (48...57).contains($0) }), let value = Int(raw), range.contains(value) else {
            throw .validation(
                "Bad Pagination Parameters: \(name) must be a whole number between \(range.lowerBound) and \(range.upperBound)")
        }
        return value
    }

    /// The headers of a page: `X-Total-Count` and `Link` (for the request's own path and query).
    func headers(for request: Request, total: Int) -> HTTPFields {
        var headers: HTTPFields = [HTTPField.Name("X-Total-Count")!: String(total)]
        let query = request.uri.queryParameters.map { (String($0.key), String($0.value)) }
        headers[HTTPField.Name("Link")!] = links(path: request.uri.path, query: query, total: total)
        return headers
    }

    /// `<path?query>; rel="next", <path?query>; rel="last"`; `next` only before the last page.
    func links(path: String, query: [(String, String)], total: Int) -> String {
        let last = (total + perPage - 1) / perPage
        func link(_ target: Int, _ rel: String) -> String {
            var items = query.filter { $0.0 != "page" }.map { ($0.0, $0.0 == "per_page" && clamped ? String(perPage) : $0.1) }
            items.append(("page", String(target)))
            let encoded = items.enumerated().sorted { ($0.element.0, $0.offset) < ($1.element.0, $1.offset) }
                .map { Self.escape($0.element.0) + "=" + Self.escape($0.element.1) }
            return "<\(path)?\(encoded.joined(separator: "&"))>; rel=\"\(rel)\""
        }
        var links: [String] = []
        if last > page { links.append(link(page + 1, "next")) }
        links.append(link(last, "last"))
        return links.joined(separator: ", ")
    }

    /// Go's `url.QueryEscape`: unreserved characters kept, space as `+`, the rest percent-encoded.
    private static func escape(_ text: String) -> String {
        var out = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."), UInt8(ascii: "~"):
                out.append(Character(UnicodeScalar(byte)))
            case UInt8(ascii: " "): out.append("+")
            default: out += String(format: "%%%02X", byte)
            }
        }
        return out
    }
}
