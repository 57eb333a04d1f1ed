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

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// An IPv4 (4 bytes) or IPv6 (16 bytes) address, parsed strictly by `inet_pton` (no host names,
/// no ports, no zone ids). IPv4-mapped IPv6 addresses (`::ffff:a.b.c.d`, how a dual-stack socket
/// reports IPv4 peers) become the IPv4 address, so one client has one spelling.
public struct IPAddress: Hashable, Sendable, CustomStringConvertible {
    public let bytes: [UInt8]

    public init?(_ text: String) {
        let text = text.hasPrefix("[") && text.hasSuffix("]") ? String(text.dropFirst().dropLast()) : text
        var v4 = in_addr()
        var v6 = in6_addr()
        if inet_pton(AF_INET, text, &v4) == 1 {
            bytes = withUnsafeBytes(of: &v4) { Array($0) }
        } else if inet_pton(AF_INET6, text, &v6) == 1 {
            let raw = withUnsafeBytes(of: &v6) { Array($0) }
            let mapped = raw.prefix(10).allSatisfy { $0 == 0 } && raw[10] == 0xff && raw[11] == 0xff
            bytes = mapped ? Array(raw.suffix(4)) : raw
        } else {
            return nil
        }
    }

    init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    public var isIPv4: Bool { bytes.count == 4 }

    /// The address with every bit after the first `prefixLength` cleared.
    func masked(to prefixLength: Int) -> IPAddress {
        IPAddress(
            bytes: bytes.enumerated().map { index, byte in
                let keep = max(0, min(8, prefixLength - index * 8))
                return keep == 8 ? byte : byte & ~(UInt8(0xff) >> keep)
            })
    }

    /// The canonical text (`inet_ntop`: lower case, `::` compression).
    public var description: String {
        var buffer = [CChar](repeating: 0, count: 64)
        var copy = bytes
        let family = isIPv4 ? AF_INET : AF_INET6
        let text = copy.withUnsafeMutableBytes { raw in inet_ntop(family, raw.baseAddress, &buffer, socklen_t(buffer.count)) }
        guard text != nil else { return "unknown" }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

/// A CIDR block (`10.0.0.0/8`, `fd00::/8`); a bare address is a block of one.
public struct IPNetwork: Hashable, Sendable, CustomStringConvertible {
    public let address: IPAddress
    public let prefixLength: Int

    public init?(_ text: String) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), let address = IPAddress(String(parts[0])) else { return nil }
        let bits = address.bytes.count * 8
        var length = bits
        if parts.count == 2 {
            guard !parts[1].isEmpty, parts[1].allSatisfy(\.isASCII), parts[1].allSatisfy(\.isNumber),
                let parsed = Int(parts[1]), (0...bits).contains(parsed)
            else { return nil }
            length = parsed
        }
        self.address = address.masked(to: length)
        self.prefixLength = length
    }

    public func contains(_ candidate: IPAddress) -> Bool {
        candidate.bytes.count == address.bytes.count && candidate.masked(to: prefixLength) == address
    }

    public var description: String { "\(address)/\(prefixLength)" }
}
