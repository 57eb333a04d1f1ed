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
/// 100,000 most common (`CommonPasswordList.swift`), held in memory as a set of strings.
///
/// Comparison is case-sensitive (`Password1` and `password1` are different passwords, and the
/// list has the spellings people really use) after Unicode normalisation to NFC, applied to the
/// list's entries when the set is built and to each password checked. NFC, canonical
/// composition, because canonically equivalent strings are the same text typed on different
/// keyboards (a precomposed `é` on one, `e` + combining accent on another) and people cannot
/// tell them apart; NFKC would go further and fold compatibility characters (full-width letters,
/// ligatures, `ª` → `a`), which are different characters the user chose, so it would refuse
/// passwords that are not on the list.
enum CommonPasswords {
    /// Built once, on first use (Swift runs a static's initialiser exactly once, thread-safely).
    static let set: Set<String> = load()

    /// Whether `password` is on the list.
    static func contains(_ password: String) -> Bool {
        set.contains(normalized(password))
    }

    /// Parses the list: one password per line, each normalised as the checked passwords are.
    static func load() -> Set<String> {
        var passwords = Set<String>(minimumCapacity: listCount)
        for line in list.split(separator: "\n", omittingEmptySubsequences: true) {
            passwords.insert(normalized(String(line)))
        }
        return passwords
    }

    /// NFC. ASCII is already in NFC, so the common case skips Foundation's conversion.
    static func normalized(_ password: String) -> String {
        if password.utf8.allSatisfy({ $0 < 0x80 }) { return password }
        return password.precomposedStringWithCanonicalMapping
    }
}
