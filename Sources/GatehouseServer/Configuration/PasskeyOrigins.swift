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

/// The start-up rules for the relying party (as Supabase's dashboard enforces them): an origin is
/// `https://host[:port]` (plain `http` only on a loopback host), its host equal to or under the
/// RP id; an Android app's `android:apk-key-hash:…` is taken as it is.
enum PasskeyOrigins {
    /// A bare domain: dot-separated labels of letters, digits and hyphens.
    static func isDomain(_ text: String) -> Bool {
        let labels = text.split(separator: ".", omittingEmptySubsequences: false)
        guard !text.isEmpty, text.count <= 253 else { return false }
        return labels.allSatisfy { label in
            (1...63).contains(label.count) && label.first != "-" && label.last != "-"
                && label.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" }
        }
    }

    static func check(_ origin: String, rpID: String) throws {
        if origin.hasPrefix("android:apk-key-hash:") { return }
        guard let url = URLComponents(string: origin), let scheme = url.scheme?.lowercased(), let host = url.host?.lowercased(),
            !host.isEmpty, url.path.isEmpty || url.path == "/", url.query == nil, url.fragment == nil, url.user == nil
        else {
            throw ConfigurationError("GATEHOUSE_WEBAUTHN_RP_ORIGINS entry \(origin) is not an origin (scheme://host[:port])")
        }
        guard scheme == "https" || (scheme == "http" && isLoopback(host)) else {
            throw ConfigurationError(
                "GATEHOUSE_WEBAUTHN_RP_ORIGINS entry \(origin) must use https (plain http only on localhost or a loopback address)")
        }
        guard host == rpID || host.hasSuffix("." + rpID) else {
            throw ConfigurationError(
                "GATEHOUSE_WEBAUTHN_RP_ORIGINS entry \(origin): its host must be GATEHOUSE_WEBAUTHN_RP_ID (\(rpID)) or under it")
        }
    }

    static func isLoopback(_ host: String) -> Bool {
        host == "localhost" || host.hasSuffix(".localhost") || host.hasPrefix("127.") || host == "[::1]" || host == "::1"
    }

    /// Development without origins: the site URL's origin; with no RP id either, on `localhost`
    /// (a browser accepts RP id `localhost` only from a `localhost` page, not from `127.0.0.1`).
    static func developmentOrigins(siteURL: String, rpID: String?) -> [String] {
        guard let url = URLComponents(string: siteURL), let scheme = url.scheme?.lowercased(), let host = url.host?.lowercased()
        else { return ["http://localhost"] }
        let port = url.port.map { ":\($0)" } ?? ""
        return ["\(scheme)://\(rpID == nil ? "localhost" : host)\(port)"]
    }
}
