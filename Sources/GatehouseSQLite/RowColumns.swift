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

import Synchronization

/// A statement's column names and their positions, shared by its rows: kept with a SQLite
/// statement (`SQLiteDirectConnection.columns(of:)`).
public final class RowColumns: Sendable {
    public let names: [String]
    /// Each name's `fingerprint`, to compare numbers while looking (two different short
    /// strings take Swift's general comparison, costly at every column of every row).
    private let fingerprints: [UInt64]
    /// Each name's first position; only looked at when two columns share a name.
    private let positions: [String: Int]?
    /// Where the last name was found, plus one. Rows are read column after column, often in
    /// the statement's order, so the next name is usually there. Only a hint: any value gives
    /// the right answer, so a relaxed atomic shared by readers is enough.
    private let next = Atomic(0)

    public init(_ names: [String]) {
        self.names = names
        fingerprints = names.map(Self.fingerprint)
        let positions = Dictionary(names.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        self.positions = positions.count < names.count ? positions : nil
    }

    /// Whether no two columns share a name.
    public var namesAreUnique: Bool { positions == nil }

    /// The position of the column named `name` (the first, if several are): instead of
    /// hashing the name for a dictionary, for each of the dozens of columns a refresh reads.
    public func position(of name: String) -> Int? {
        if let positions { return positions[name] }
        let count = names.count
        var index = next.load(ordering: .relaxed)
        if index >= count { index = 0 }
        // The hinted column first, by the name alone: equal names compare without hashing.
        if count > 0, names[index] == name {
            next.store(index + 1, ordering: .relaxed)
            return index
        }
        let wanted = Self.fingerprint(name)
        for _ in 0..<count {
            if index >= count { index = 0 }
            if fingerprints[index] == wanted, names[index] == name {
                next.store(index + 1, ordering: .relaxed)
                return index
            }
            index += 1
        }
        return nil
    }

    /// FNV-1a of the name's UTF-8: equal names give equal numbers (different ones rarely do).
    private static func fingerprint(_ name: String) -> UInt64 {
        func hash(_ bytes: some Sequence<UInt8>) -> UInt64 {
            var hash: UInt64 = 0xcbf2_9ce4_8422_2325
            for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
            return hash
        }
        // Over the contiguous bytes when the string has them (a byte at a time through the
        // UTF-8 view costs several times as much).
        return name.utf8.withContiguousStorageIfAvailable(hash) ?? hash(name.utf8)
    }
}
