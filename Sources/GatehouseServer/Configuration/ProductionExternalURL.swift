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

/// Production builds every emailed link, the tokens' issuer and the WebAuthn defaults from
/// `GATEHOUSE_EXTERNAL_URL`. Left unset it would be the listening address (`http://127.0.0.1:…`
/// behind a proxy), which no user can open, and nothing would say so until the first reset email
/// bounced back as a dead link: production refuses to start without a public one.
extension ServerConfiguration {
    /// `configured`: the setting as read (nil when unset).
    func checkProductionExternalURL(configured: String?) throws {
        guard environment == .production else { return }
        guard let configured else {
            throw ConfigurationError(
                "GATEHOUSE_EXTERNAL_URL is required when GATEHOUSE_ENV=production: the public URL users reach this server at "
                    + "(emailed links and the tokens' issuer are built from it), e.g. https://auth.example.com")
        }
        guard let components = URLComponents(string: configured), let scheme = components.scheme?.lowercased(),
            ["http", "https"].contains(scheme), let host = components.host, !host.isEmpty
        else {
            throw ConfigurationError("GATEHOUSE_EXTERNAL_URL=\(configured) is not an absolute http(s) URL, e.g. https://auth.example.com")
        }
        guard !Self.isLocalOnly(host: host) else {
            throw ConfigurationError(
                "GATEHOUSE_EXTERNAL_URL=\(configured) names this machine only (\(host)): with GATEHOUSE_ENV=production emailed links "
                    + "must reach users; set the public URL, e.g. https://auth.example.com")
        }
    }

    /// Loopback (`isLoopback`), `*.localhost` (RFC 6761 resolves it to loopback) and the
    /// unspecified addresses, which name no machine to connect to.
    static func isLocalOnly(host: String) -> Bool {
        let bare = host.lowercased().trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
        return isLoopback(host: bare) || bare.hasSuffix(".localhost") || ["0.0.0.0", "::", "0:0:0:0:0:0:0:0"].contains(bare)
    }
}
