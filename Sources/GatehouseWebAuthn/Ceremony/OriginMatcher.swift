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

/// Decides whether a client data `origin` is one of the relying party's allowed origins, as
/// GoTrue's library does: scheme and host compared case-insensitively, the scheme's default port
/// dropped; anything that is not a plain `scheme://host[:port]` (an Android app's
/// `android:apk-key-hash:…`, an origin with a path) is compared exactly.
public struct OriginMatcher: Sendable {
    private let allowed: Set<String>

    public init(allowedOrigins: [String]) {
        allowed = Set(allowedOrigins.map(Self.normalized))
    }

    public func allows(_ origin: String) -> Bool {
        allowed.contains(Self.normalized(origin))
    }

    /// The comparable form of an origin, or the text unchanged when it is not a web origin.
    static func normalized(_ origin: String) -> String {
        guard let separator = origin.range(of: "://") else { return origin }
        let scheme = origin[..<separator.lowerBound].lowercased()
        let authority = origin[separator.upperBound...]
        guard !scheme.isEmpty, !authority.isEmpty,
            !authority.contains(where: { "/?#@\\ ".contains($0) })
        else { return origin }

        var host = Substring(authority)
        var port: Substring?
        if authority.hasPrefix("[") {
            // IPv6 literal: "[::1]" or "[::1]:8443".
            guard let close = authority.firstIndex(of: "]") else { return origin }
            host = authority[...close]
            let after = authority[authority.index(after: close)...]
            if !after.isEmpty {
                guard after.hasPrefix(":") else { return origin }
                port = after.dropFirst()
            }
        } else if let colon = authority.lastIndex(of: ":") {
            host = authority[..<colon]
            port = authority[authority.index(after: colon)...]
        }
        if let digits = port {
            guard !digits.isEmpty, digits.allSatisfy(\.isASCII), digits.allSatisfy(\.isNumber) else { return origin }
        }
        let defaultPort = ["https": "443", "http": "80"][scheme]
        let keptPort = port.map(String.init) == defaultPort ? nil : port
        return scheme + "://" + host.lowercased() + (keptPort.map { ":" + $0 } ?? "")
    }
}
