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

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A TCP port that accepts connections (the kernel's backlog does) and never answers: every
/// request to it waits until the client's timeout.
final class SilentServer: @unchecked Sendable {
    // @unchecked: the descriptor is written once in init and only read afterwards.
    let port: Int
    private let descriptor: Int32

    init() throws {
        descriptor = try Self.listeningSocket(listen: true)
        port = try Self.port(of: descriptor)
    }

    deinit { close(descriptor) }

    /// A port where nothing listens (bound, read, closed), so connections are refused.
    static func closedPort() throws -> Int {
        let socket = try listeningSocket(listen: false)
        defer { close(socket) }
        return try port(of: socket)
    }

    /// A TCP socket bound to 127.0.0.1 on a free port, listening when asked.
    static func listeningSocket(listen shouldListen: Bool) throws -> Int32 {
        #if canImport(Glibc)
            let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
            let fd = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard fd >= 0 else { throw POSIXError(.EIO) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, !shouldListen || listen(fd, 16) == 0 else {
            close(fd)
            throw POSIXError(.EADDRINUSE)
        }
        return fd
    }

    /// The port a bound socket got.
    static func port(of fd: Int32) throws -> Int {
        var address = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let result = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        guard result == 0 else { throw POSIXError(.EIO) }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}
