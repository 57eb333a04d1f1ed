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

/// A web origin, `scheme://host[:port]`, as browsers send it in `Origin`: parsed with
/// `RedirectURL`'s strict rules (no userinfo, odd characters or percent-encoding) and compared
/// by scheme, host and port, the default port filled in (`https://a.example:443` is
/// `https://a.example`).
struct WebOrigin: Hashable, Sendable {
    let scheme: String
    /// Lowercased host labels.
    let hostLabels: [String]
    let port: Int?

    /// An origin alone: no path (a lone `/` aside), query, fragment or wildcard; `null` is none.
    init?(_ text: String) {
        guard !text.contains("#"), !text.contains("*"), let url = RedirectURL(text), url.pathSegments == [""], url.query == nil
        else { return nil }
        self.init(of: url)
    }

    /// The origin of a URL (the site URL), nil when it has no host.
    init?(of url: RedirectURL) {
        guard let labels = url.hostLabels, labels != [""] else { return nil }
        scheme = url.scheme
        hostLabels = labels
        port = url.port
    }

    /// Whether a redirect allow-list entry names this origin: the entry's scheme and port (`:*`
    /// any), and its host with `*` matching within one label, as `RedirectPattern` matches hosts.
    func isNamed(by pattern: RedirectURL) -> Bool {
        guard pattern.scheme == scheme, pattern.port == RedirectURL.anyPort || pattern.port == port,
            let labels = pattern.hostLabels, labels.count == hostLabels.count
        else { return false }
        return zip(labels, hostLabels).allSatisfy { RedirectPattern.glob($0, $1) }
    }
}
