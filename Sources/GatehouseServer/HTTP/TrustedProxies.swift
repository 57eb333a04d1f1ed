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

/// The proxies whose forwarded-address header is believed (`GATEHOUSE_TRUSTED_PROXIES`).
///
/// Anyone can send `X-Forwarded-For`, so the header means something only when the TCP peer is
/// one of our own proxies, and then only its right-hand part: each trusted proxy appends the
/// address it received the request from, while everything to the left of the first untrusted
/// hop was written by the client. The client is the right-most address that is not a trusted
/// proxy; an entry that is not an address ends the walk at the last trusted hop.
public struct TrustedProxies: Sendable {
    public private(set) var networks: [IPNetwork] = []

    public init() {}

    /// A comma-separated list of CIDR blocks or addresses; throws on any malformed entry.
    public init(parsing list: String) throws {
        for entry in list.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }) where !entry.isEmpty {
            guard let network = IPNetwork(entry) else {
                throw ConfigurationError(
                    "GATEHOUSE_TRUSTED_PROXIES: \(entry) is not an IPv4 or IPv6 address or CIDR block (e.g. 10.0.0.0/8, fd00::/8)"
                )
            }
            networks.append(network)
        }
    }

    public var isEmpty: Bool { networks.isEmpty }
    public var count: Int { networks.count }

    public func contains(_ address: IPAddress) -> Bool {
        networks.contains { $0.contains(address) }
    }

    /// The client's address: the socket peer unless it is trusted, else the right-most
    /// untrusted hop of the forwarded header lines (in order), canonically spelled.
    func client(peer: String, forwarded lines: [String]) -> String {
        guard var current = IPAddress(peer) else { return peer }
        guard contains(current) else { return current.description }
        let hops = lines.flatMap { $0.split(separator: ",") }.map { $0.trimmingCharacters(in: .whitespaces) }
        for hop in hops.reversed() {
            guard let address = IPAddress(hop) else { break }
            current = address
            if !contains(address) { break }
        }
        return current.description
    }
}
