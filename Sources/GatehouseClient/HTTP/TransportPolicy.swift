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

/// Refused before anything is sent: the URL would carry a password or token in the clear
///. Plain `http` is for a server on this machine only.
public struct InsecureURLError: Error, Sendable, Equatable, CustomStringConvertible {
    public let url: URL

    public var description: String {
        "refusing to send credentials to \(url.absoluteString): use an https URL "
            + "(plain http is allowed only for loopback: localhost, 127.0.0.0/8, ::1)"
    }
}

/// Which URLs the SDK sends requests to: `https` anywhere, `http` only to loopback. Every
/// request carries a password, a token or the API key, and a network path is not trusted.
enum TransportPolicy {
    static func check(_ url: URL?) throws {
        guard let url else { throw InsecureURLError(url: URL(fileURLWithPath: "/")) }
        switch url.scheme?.lowercased() {
        case "https": return
        case "http" where isLoopback(host: url.host): return
        default: throw InsecureURLError(url: url)
        }
    }

    static func isLoopback(host: String?) -> Bool {
        guard var host = host?.lowercased() else { return false }
        if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        if host == "localhost" || host == "::1" || host == "0:0:0:0:0:0:0:1" { return true }
        let octets = host.split(separator: ".", omittingEmptySubsequences: false)
        guard octets.count == 4, octets.allSatisfy({ UInt8($0) != nil }) else { return false }
        return octets[0] == "127"
    }
}
