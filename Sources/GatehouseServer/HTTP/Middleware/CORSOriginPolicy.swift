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

import Hummingbird

/// Which requests get CORS answers. `GATEHOUSE_CORS_ALLOWED_ORIGINS` names the origins (or `*`);
/// unset, they are the site URL's origin and the origins of the redirect allow-list: the pages
/// the server already sends users back to. Whatever the setting, two kinds of request never get
/// one: the dev mailbox (`/_dev/*` holds every email's links and codes) and firebase-admin's
/// emulator credential `Bearer owner` (an administrator's, `FirebaseCallerMiddleware`).
struct CORSOriginPolicy: Sendable {
    enum Verdict: Sendable, Equatable {
        /// No CORS headers at all: the browser keeps the answer (and a preflight's request) from the page.
        case refused
        /// `Access-Control-Allow-Origin` is the request's own `Origin`, with `Vary: Origin`.
        case reflected
        /// `Access-Control-Allow-Origin: *` (set explicitly).
        case anyOrigin
    }

    private let anyOrigin: Bool
    private let origins: Set<WebOrigin>
    /// Redirect allow-list entries with a host, whose origins are allowed by default.
    private let patterns: [RedirectURL]

    init(configuration: ServerConfiguration) {
        switch configuration.corsAllowedOrigins {
        case .any?:
            (anyOrigin, origins, patterns) = (true, [], [])
        case .only(let list)?:
            (anyOrigin, origins, patterns) = (false, Set(list.compactMap(WebOrigin.init)), [])
        case nil:
            let site = RedirectURL(configuration.siteURL).flatMap(WebOrigin.init(of:))
            let entries = configuration.redirectAllowList.compactMap { RedirectURL($0, wildcards: true) }
            (anyOrigin, origins, patterns) = (false, Set([site].compactMap { $0 }), entries.filter { $0.hostLabels != nil })
        }
    }

    func verdict(for request: Request) -> Verdict {
        guard let header = request.headers[.origin], !Self.neverShared(request) else { return .refused }
        if anyOrigin { return .anyOrigin }
        guard let origin = WebOrigin(header) else { return .refused }
        return origins.contains(origin) || patterns.contains(where: origin.isNamed(by:)) ? .reflected : .refused
    }

    static func neverShared(_ request: Request) -> Bool {
        let path = request.uri.path
        return path == "/_dev" || path.hasPrefix("/_dev/") || FirebaseCallerMiddleware.presentsEmulatorCredential(request)
    }
}
