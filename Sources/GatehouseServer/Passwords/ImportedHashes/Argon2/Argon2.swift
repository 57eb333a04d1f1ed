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

/// Argon2 (RFC 9106): Argon2d, Argon2i and Argon2id, versions 0x10 and 0x13. swift-crypto has
/// no Argon2, hence this one; the imported argon2 hashes are verified with it.
///
/// Lanes are filled one after another on the calling thread: the result is the same as with
/// one thread per lane (a segment reads only other lanes' finished slices), and a sign-in should
/// take one of the hasher pool's threads, not all of them.
enum Argon2 {
    enum Variant: Int, Sendable {
        case d = 0
        case i = 1
        case id = 2
    }

    enum Version: Int, Sendable {
        case v10 = 0x10
        case v13 = 0x13
    }

    struct Parameters: Sendable, Equatable {
        var variant: Variant
        var version: Version = .v13
        var memoryKiB: Int
        var passes: Int
        var lanes: Int
        var tagLength: Int
    }

    /// The tag, or nil when the parameters are outside RFC 9106's ranges (lanes from 1,
    /// memory from 8 KiB per lane, at least one pass, tag from 4 bytes, salt from 8 bytes) or
    /// above `ImportedHashLimits`, which bounds the memory this allocates.
    static func hash(
        password: [UInt8], salt: [UInt8], secret: [UInt8] = [], associatedData: [UInt8] = [], parameters: Parameters
    ) -> [UInt8]? {
        let p = parameters
        guard p.lanes >= 1, p.lanes <= ImportedHashLimits.argon2Lanes, p.memoryKiB >= 8 * p.lanes,
            p.memoryKiB <= ImportedHashLimits.argon2MemoryKiB, p.passes >= 1, p.passes <= ImportedHashLimits.argon2Passes,
            p.tagLength >= 4, p.tagLength <= 1024, salt.count >= 8
        else { return nil }
        let segmentLength = p.memoryKiB / (4 * p.lanes)
        let memory = Argon2Memory(lanes: p.lanes, laneLength: 4 * segmentLength)
        defer { memory.release() }

        let seed = initialHash(password: password, salt: salt, secret: secret, associatedData: associatedData, parameters: p)
        for lane in 0..<p.lanes {
            for column in 0..<2 {
                let words = Argon2LongHash.hash(seed + littleEndian(column) + littleEndian(lane), length: 1024)
                memory.store(words, lane: lane, column: column)
            }
        }
        Argon2Compression.withScratch { compression in
            let filler = Argon2SegmentFiller(memory: memory, compression: compression, parameters: p, segmentLength: segmentLength)
            for pass in 0..<p.passes {
                for slice in 0..<4 {
                    for lane in 0..<p.lanes { filler.fill(pass: pass, slice: slice, lane: lane) }
                }
            }
        }
        return Argon2LongHash.hash(memory.finalBlockBytes(), length: p.tagLength)
    }

    /// H0: BLAKE2b-512 of the parameters and the inputs, each input preceded by its length.
    static func initialHash(
        password: [UInt8], salt: [UInt8], secret: [UInt8], associatedData: [UInt8], parameters p: Parameters
    ) -> [UInt8] {
        var hasher = Blake2b(digestLength: 64)
        for value in [p.lanes, p.tagLength, p.memoryKiB, p.passes, p.version.rawValue, p.variant.rawValue] {
            hasher.update(littleEndian: UInt32(truncatingIfNeeded: value))
        }
        for input in [password, salt, secret, associatedData] {
            hasher.update(littleEndian: UInt32(truncatingIfNeeded: input.count))
            hasher.update(input)
        }
        return hasher.finalize()
    }

    private static func littleEndian(_ value: Int) -> [UInt8] {
        [0, 8, 16, 24].map { UInt8(truncatingIfNeeded: value >> $0) }
    }
}
