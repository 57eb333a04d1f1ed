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

/// The list of common passwords every new password is checked against: SecLists'
/// 100,000 most common (`CommonPasswordList.swift`), searched in place.
///
/// The list is one string literal, its passwords in NFC and sorted by their UTF-8 bytes
/// (`scripts/common-passwords.py`), and a check is a binary search over the literal's own bytes:
/// nothing is built from it at start and nothing of it is copied to the heap, where a set of its
/// strings held megabytes for the server's whole life (Benchmarks/PROFILE.md).
///
/// Comparison is case-sensitive (`Password1` and `password1` are different passwords, and the
/// list has the spellings people really use) after Unicode normalisation to NFC, applied to the
/// list's entries when it is generated and to each password checked. NFC, canonical
/// composition, because canonically equivalent strings are the same text typed on different
/// keyboards (a precomposed `é` on one, `e` + combining accent on another) and people cannot
/// tell them apart; NFKC would go further and fold compatibility characters (full-width letters,
/// ligatures, `ª` → `a`), which are different characters the user chose, so it would refuse
/// passwords that are not on the list.
enum CommonPasswords {
    /// Whether `password` is on the list.
    static func contains(_ password: String) -> Bool {
        var key = normalized(password)
        return key.withUTF8 { key in
            var list = list
            return list.withUTF8 { SortedLines(bytes: $0).contains(key) }
        }
    }

    /// NFC. ASCII is already in NFC, so the common case skips Foundation's conversion.
    static func normalized(_ password: String) -> String {
        if password.utf8.allSatisfy({ $0 < 0x80 }) { return password }
        return password.precomposedStringWithCanonicalMapping
    }
}

/// Lines separated by `\n`, sorted by their bytes, searched without splitting them.
struct SortedLines {
    let bytes: UnsafeBufferPointer<UInt8>

    func contains(_ key: UnsafeBufferPointer<UInt8>) -> Bool {
        var low = 0
        var high = bytes.count
        while low < high {
            let line = self.line(around: (low + high) / 2)
            if bytes[line].elementsEqual(key) { return true }
            if bytes[line].lexicographicallyPrecedes(key) {
                low = line.upperBound + 1
            } else {
                high = line.lowerBound
            }
        }
        return false
    }

    /// The line holding the byte at `offset` (which may be the `\n` ending it), without its `\n`.
    private func line(around offset: Int) -> Range<Int> {
        var start = offset
        while start > 0, bytes[start - 1] != UInt8(ascii: "\n") { start -= 1 }
        var end = offset
        while end < bytes.count, bytes[end] != UInt8(ascii: "\n") { end += 1 }
        return start..<end
    }
}
