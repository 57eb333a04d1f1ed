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

/// One allow-list entry, matched on parsed components rather than on the raw string, so that no
/// wildcard can swallow a separator the browser will honour:
/// - the scheme must be equal, and the port too (`:*` in the pattern allows any port);
/// - the host has as many labels as the pattern, and `*` matches within one label;
/// - in the path, `*` matches within one segment, and a segment that is exactly `**` matches
///   any number of segments (none included);
/// - a query in the pattern must match the target's (`*` any run of characters); without one,
///   any query is accepted (it does not change where the browser goes).
struct RedirectPattern: Sendable {
    let parsed: RedirectURL

    init?(_ text: String) {
        guard let parsed = RedirectURL(text, wildcards: true) else { return nil }
        // A wildcard inside the scheme could not be honoured; it makes the entry invalid.
        self.parsed = parsed
    }

    func matches(_ url: RedirectURL) -> Bool {
        guard parsed.scheme == url.scheme else { return false }
        guard parsed.port == RedirectURL.anyPort || parsed.port == url.port else { return false }
        switch (parsed.hostLabels, url.hostLabels) {
        case (nil, nil):
            break
        case (let patternLabels?, let labels?):
            guard patternLabels.count == labels.count,
                zip(patternLabels, labels).allSatisfy({ Self.glob($0, $1) })
            else { return false }
        default:
            return false
        }
        guard Self.matchSegments(parsed.pathSegments[...], url.pathSegments[...]) else { return false }
        if let patternQuery = parsed.query {
            guard let query = url.query, Self.glob(patternQuery, query) else { return false }
        }
        return true
    }

    /// `**` segments span any number of segments; other segments match one by one.
    private static func matchSegments(_ pattern: ArraySlice<String>, _ segments: ArraySlice<String>) -> Bool {
        guard let first = pattern.first else { return segments.isEmpty }
        if first == "**" {
            let rest = pattern.dropFirst()
            // `/**` at the end also matches the bare prefix (`/app` and `/app/` for `/app/**`).
            var index = segments.startIndex
            while true {
                if matchSegments(rest, segments[index...]) { return true }
                if rest.isEmpty, segments[index...] == [""] { return true }
                if index == segments.endIndex { return false }
                index += 1
            }
        }
        guard let segment = segments.first, glob(first, segment) else { return false }
        return matchSegments(pattern.dropFirst(), segments.dropFirst())
    }

    /// `*` (or `**`) matches any run of characters of one component: callers pass a single
    /// label, segment or query, so it can never cross a separator.
    static func glob(_ pattern: String, _ text: String) -> Bool {
        let p = Array(pattern.utf8)
        let t = Array(text.utf8)
        var pi = 0
        var ti = 0
        var star = -1
        var resume = 0
        while ti < t.count {
            if pi < p.count, p[pi] == UInt8(ascii: "*") {
                while pi < p.count, p[pi] == UInt8(ascii: "*") { pi += 1 }
                star = pi
                resume = ti
            } else if pi < p.count, p[pi] == t[ti] {
                pi += 1
                ti += 1
            } else if star >= 0 {
                resume += 1
                ti = resume
                pi = star
            } else {
                return false
            }
        }
        while pi < p.count, p[pi] == UInt8(ascii: "*") { pi += 1 }
        return pi == p.count
    }
}
