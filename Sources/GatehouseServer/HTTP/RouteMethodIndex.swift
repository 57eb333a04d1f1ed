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

import Synchronization

/// The adapters whose route lists make up the router, each with its own error vocabulary.
enum RouteAdapter: Sendable {
    case goTrue, edgeFunction, rest, firebase, web, metrics
}

/// Every path pattern of the router with the methods it takes and the adapter that declared
/// each, filled by `buildRouter` from the router's own table once every route is added (so the
/// `Allow` lists are derived from the route table, never kept by hand).
final class RouteMethodIndex: Sendable {
    struct Entry: Sendable {
        /// The router's spelling, e.g. `/auth/v1/admin/users/{id}`.
        let pattern: String
        fileprivate let segments: [Segment]
        var methods: [String: RouteAdapter] = [:]

        /// `Allow`: the methods, `HEAD` wherever `GET` is (the router answers it), and `OPTIONS`.
        var allowed: [String] {
            var allowed = Set(methods.keys).union(["OPTIONS"])
            if methods["GET"] != nil { allowed.insert("HEAD") }
            return allowed.sorted()
        }

        /// Whose error shape a refused method gets: the path's only adapter, or on a path
        /// shared by a page and an API route (`/signup`), the API's unless the client asked for HTML.
        func adapter(prefersHTML: Bool) -> RouteAdapter {
            let adapters = Set(methods.values)
            if adapters.count == 1, let only = adapters.first { return only }
            if prefersHTML, adapters.contains(.web) { return .web }
            return adapters.first { $0 != .web } ?? .goTrue
        }
    }

    fileprivate enum Segment: Sendable, Equatable {
        case literal(Substring)
        case parameter
    }

    private let entries = Mutex<[String: Entry]>([:])

    func add(method: String, path: String, adapter: RouteAdapter) {
        entries.withLock { entries in
            let segments = path.split(separator: "/").map { part -> Segment in
                part.hasPrefix("{") || part.hasPrefix(":") || part == "*" ? .parameter : .literal(part)
            }
            entries[path, default: Entry(pattern: path, segments: segments)].methods[method] = adapter
        }
    }

    /// The entry whose pattern `path` matches, the most literal one when several do (as the
    /// router's trie prefers a literal segment over a parameter).
    func match(_ path: String) -> Entry? {
        let parts = path.split(separator: "/")
        return entries.withLock { entries in
            entries.values
                .filter { entry in
                    entry.segments.count == parts.count
                        && zip(entry.segments, parts).allSatisfy { segment, part in
                            if case .literal(let literal) = segment { return literal == part }
                            return true
                        }
                }
                .max { $0.literalCount < $1.literalCount }
        }
    }
}

extension RouteMethodIndex.Entry {
    fileprivate var literalCount: Int {
        segments.filter { if case .literal = $0 { true } else { false } }.count
    }
}
