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
import Synchronization

#if canImport(Darwin)
    import Darwin
#else
    import Glibc
#endif

/// Where the server's randomness comes from, as a seam: the system's cryptographic generator in
/// production; a seeded, reproducible sequence in tests (`RandomSource.seeded`), so a test knows
/// the code an email will carry or the id a row will get. Every token, code and id the services
/// mint is drawn from here.
struct RandomSource: Sendable {
    private let fill: @Sendable (inout [UInt8]) -> Void

    init(fill: @escaping @Sendable (inout [UInt8]) -> Void) {
        self.fill = fill
    }

    /// The operating system's cryptographically secure generator, one read for the whole
    /// buffer. `SystemRandomNumberGenerator` draws 8 bytes a call: filled byte by byte it made one
    /// `getrandom` system call per byte, dozens a request (Benchmarks/PROFILE.md).
    static let system = RandomSource { bytes in
        bytes.withUnsafeMutableBytes { buffer in
            guard let base = buffer.baseAddress else { return }
            #if canImport(Darwin)
                arc4random_buf(base, buffer.count)
            #else
                SystemEntropy.read(into: base, count: buffer.count)
            #endif
        }
    }

    /// A reproducible sequence (SplitMix64 from `seed`), for tests only: never secret.
    static func seeded(_ seed: UInt64) -> RandomSource {
        let state = Mutex(seed)
        return RandomSource { bytes in
            state.withLock { value in
                for index in bytes.indices {
                    value &+= 0x9E37_79B9_7F4A_7C15
                    var mixed = value
                    mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
                    mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
                    bytes[index] = UInt8(truncatingIfNeeded: mixed ^ (mixed >> 31))
                }
            }
        }
    }

    func bytes(_ count: Int) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: count)
        fill(&bytes)
        return bytes
    }

    /// A version-4 UUID.
    func uuid() -> UUID {
        var raw = bytes(16)
        raw[6] = (raw[6] & 0x0F) | 0x40
        raw[8] = (raw[8] & 0x3F) | 0x80
        return Self.uuid(raw)
    }

    /// A version-7 UUID (RFC 9562): the milliseconds since the epoch, then the microseconds
    /// within that millisecond (its 12-bit fraction), then 62 random bits. For rows written at a
    /// high rate (outbox jobs, audit entries, one-time tokens, dev-mailbox messages): their ids
    /// then sort by time, so each insert lands at the right edge of the primary key's index
    /// instead of on a page of its own, and a batch of inserts rewrites one or two index pages
    /// instead of one a row.
    func timeOrderedUUID(at time: Timestamp) -> UUID {
        let micros = UInt64(max(0, time.microsecondsSinceEpoch))
        let milliseconds = micros / 1000
        let fraction = (micros % 1000) * 4096 / 1000
        var raw = bytes(16)
        for index in 0..<6 { raw[index] = UInt8(truncatingIfNeeded: milliseconds >> (8 * (5 - index))) }
        raw[6] = 0x70 | UInt8(truncatingIfNeeded: fraction >> 8)
        raw[7] = UInt8(truncatingIfNeeded: fraction)
        raw[8] = (raw[8] & 0x3F) | 0x80
        return Self.uuid(raw)
    }

    private static func uuid(_ raw: [UInt8]) -> UUID {
        UUID(
            uuid: (
                raw[0], raw[1], raw[2], raw[3], raw[4], raw[5], raw[6], raw[7],
                raw[8], raw[9], raw[10], raw[11], raw[12], raw[13], raw[14], raw[15]
            ))
    }

    /// A uniform integer in `0..<upperBound` (rejection sampling: no modulo bias).
    func integer(below upperBound: Int) -> Int {
        precondition(upperBound > 0)
        let bound = UInt64(upperBound)
        let limit = UInt64.max - UInt64.max % bound
        while true {
            let value = bytes(8).reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
            if value < limit { return Int(value % bound) }
        }
    }
}

#if !canImport(Darwin)
    /// `/dev/urandom`, opened once: the kernel's CSPRNG, the same one `getrandom` reads (which
    /// Glibc's Swift module does not expose).
    private enum SystemEntropy {
        static let descriptor: Int32 = {
            let descriptor = open("/dev/urandom", O_RDONLY | O_CLOEXEC)
            precondition(descriptor >= 0, "cannot open /dev/urandom: errno \(errno)")
            return descriptor
        }()

        static func read(into base: UnsafeMutableRawPointer, count: Int) {
            var filled = 0
            while filled < count {
                let read = Glibc.read(descriptor, base + filled, count - filled)
                if read > 0 {
                    filled += read
                } else if read == 0 || errno != EINTR {
                    fatalError("reading /dev/urandom failed: errno \(errno)")
                }
            }
        }
    }
#endif
