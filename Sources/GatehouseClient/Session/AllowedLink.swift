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

/// A place sign-in and reset links may come back to (besides the configured `redirectURL`).
/// A link is accepted only when its scheme, host, port and path are those of one of these places:
/// a link to anywhere else is refused before anything is sent to the server.
public struct AllowedLink: Sendable, Equatable {
    public var url: URL
    /// What a `?token=` link to this place is for when the link itself does not say (`type=`):
    /// Gatehouse's own `/reset-password?token=` page links are `.recovery`. `nil` (the default):
    /// such a link must carry its `type`, and one without is refused.
    public var impliedType: OTPType?

    public init(_ url: URL, impliedType: OTPType? = nil) {
        self.url = url
        self.impliedType = impliedType
    }
}

/// Which links this client redeems: those pointing at the redirect URL or an allowed place.
struct AuthLinkPolicy: Sendable {
    let places: [AllowedLink]

    init(configuration: AuthClientConfiguration) {
        places = (configuration.redirectURL.map { [AllowedLink($0)] } ?? []) + configuration.allowedLinks
    }

    /// The allowed place `url` points at, if any.
    func place(of url: URL) -> AllowedLink? {
        guard let target = Place(url) else { return nil }
        return places.first { Place($0.url) == target }
    }

    /// Scheme, host, port and path, compared the way URLs mean them (case-insensitive scheme and
    /// host, default ports filled in, a trailing slash ignored).
    private struct Place: Equatable {
        var scheme: String
        var host: String
        var port: Int?
        var path: String

        init?(_ url: URL) {
            guard let components = URLComponents(url: url, resolvingAgainstBaseURL: false), let scheme = components.scheme else {
                return nil
            }
            self.scheme = scheme.lowercased()
            host = (components.host ?? "").lowercased()
            port = components.port ?? ["http": 80, "https": 443][self.scheme]
            var path = components.percentEncodedPath
            while path.hasSuffix("/") { path.removeLast() }
            self.path = path
        }
    }
}
