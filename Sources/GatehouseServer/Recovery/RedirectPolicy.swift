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

/// Which `redirect_to` targets links may send people to: the site URL's origin (scheme, host
/// and port equal, the host case-folded and default ports normalised), and the configured
/// allow-list (see `RedirectPattern`). Targets are parsed strictly (see `RedirectURL`);
/// anything refused falls back to the site URL, with a warning in the log, as GoTrue does.
struct RedirectPolicy: Sendable {
    let siteURL: String
    let allowList: [String]
    private let site: RedirectURL?
    private let patterns: [RedirectPattern]

    init(siteURL: String, allowList: [String]) {
        self.siteURL = siteURL
        self.allowList = allowList
        self.site = RedirectURL(siteURL)
        // Entries that do not parse stop the server at startup (`ServerConfiguration`); here
        // they simply match nothing.
        self.patterns = allowList.compactMap(RedirectPattern.init)
    }

    /// The target to use: `requested` if allowed, else the site URL.
    func resolve(_ requested: String?) -> (url: String, rejected: Bool) {
        guard let requested, !requested.isEmpty else { return (siteURL, false) }
        return isAllowed(requested) ? (requested, false) : (siteURL, true)
    }

    func isAllowed(_ candidate: String) -> Bool {
        guard let url = RedirectURL(candidate) else { return false }
        if let site, site.hostLabels != nil, site.scheme == url.scheme, site.hostLabels == url.hostLabels, site.port == url.port {
            return true
        }
        return patterns.contains { $0.matches(url) }
    }
}
