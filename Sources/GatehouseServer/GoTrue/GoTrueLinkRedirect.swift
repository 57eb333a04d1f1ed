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
import GatehouseCore

/// GoTrue's redirects after an emailed link: the session in the URL fragment (implicit flow),
/// `?code=` (PKCE), or the error fragment.
enum GoTrueLinkRedirect {
    static func location(for outcome: LinkVerificationOutcome) -> String {
        switch outcome {
        case .signedIn(let issued, let type, let target):
            return appending(
                fragment: [
                    ("access_token", issued.accessToken), ("expires_at", String(issued.expiresAt)),
                    ("expires_in", String(issued.expiresIn)), ("refresh_token", issued.refreshToken), ("sb", ""),
                    ("token_type", "bearer"), ("type", type.rawValue),
                ], to: target)
        case .authorizationCode(let code, let target):
            return appending(query: [("code", code)], to: target)
        case .invalid(let target):
            return error(to: target)
        }
    }

    /// GoTrue's redirect for a link that cannot be used: the error in the fragment.
    static func error(to target: String) -> String {
        appending(
            fragment: [
                ("error", "access_denied"), ("error_code", "otp_expired"),
                ("error_description", "Email link is invalid or has expired"), ("sb", ""),
            ], to: target)
    }

    static func appending(fragment items: [(String, String)], to url: String) -> String {
        let base = url.split(separator: "#", maxSplits: 1).first.map(String.init) ?? url
        return base + "#" + encode(items)
    }

    static func appending(query items: [(String, String)], to url: String) -> String {
        let parts = url.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
        let base = String(parts[0])
        let fragment = parts.count > 1 ? "#" + parts[1] : ""
        return base + (base.contains("?") ? "&" : "?") + encode(items) + fragment
    }

    private static func encode(_ items: [(String, String)]) -> String {
        items.map { key, value in
            key + "=" + value.percentEncodedQueryValue
        }.joined(separator: "&")
    }
}
