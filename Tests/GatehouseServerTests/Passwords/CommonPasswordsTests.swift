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
import Testing

@testable import GatehouseServer

/// The shipped list of common passwords: what it holds, how it is ordered for the search over
/// its bytes, and how passwords compare to it.
@Suite("Common passwords list")
struct CommonPasswordsTests {
    @Test("SecLists' 100,000 most common passwords, each one found")
    func holdsTheList() {
        #expect(CommonPasswords.listCount == 100_000)
        let entries = CommonPasswords.list.split(separator: "\n").map(String.init)
        #expect(entries.count == 100_000)
        // Every entry of the whole list is found by the search (what a lookup costs is measured
        // outside the tests: timings on a shared machine are no test).
        #expect(entries.allSatisfy(CommonPasswords.contains))
    }

    @Test("in NFC and sorted by UTF-8 bytes, each once: what the binary search needs")
    func sortedForTheSearch() {
        let entries = CommonPasswords.list.split(separator: "\n").map { Array($0.utf8) }
        // Bytes, not `String`'s `==`, which would take canonically equivalent spellings as equal.
        #expect(entries.allSatisfy { Array(CommonPasswords.normalized(String(decoding: $0, as: UTF8.self)).utf8) == $0 })
        #expect(zip(entries, entries.dropFirst()).allSatisfy { $0.lexicographicallyPrecedes($1) })
    }

    @Test("what sorts next to an entry, before the first or after the last is not found")
    func neighboursAreNotFound() {
        let entries = CommonPasswords.list.split(separator: "\n").map(String.init)
        #expect(!entries.contains { CommonPasswords.contains($0 + "\n") })
        // Each entry less its last character: found exactly when that shorter password is an entry too.
        let bytes = Set(entries.map { Array($0.utf8) })
        #expect(
            entries.allSatisfy { entry in
                let shorter = String(entry.dropLast())
                return CommonPasswords.contains(shorter) == bytes.contains(Array(CommonPasswords.normalized(shorter).utf8))
            })
        #expect(!CommonPasswords.contains(""))
        #expect(!CommonPasswords.contains(" "))
        #expect(!CommonPasswords.contains("\u{10FFFF}"))
    }

    @Test("well-known passwords are on it, a passphrase is not")
    func knownPasswords() {
        for password in ["password123", "qwertyuiop", "iloveyou", "1qaz2wsx", "Password123", "trustno1"] {
            #expect(CommonPasswords.contains(password), "\(password)")
        }
        for password in ["correct-horse-battery", "another-fine-password", "a-reset-that-is-not-common"] {
            #expect(!CommonPasswords.contains(password), "\(password)")
        }
    }

    @Test("case-sensitive: a capitalisation not on the list is not refused")
    func caseSensitive() {
        #expect(CommonPasswords.contains("password123"))
        #expect(!CommonPasswords.contains("PASSWORD123"))
        #expect(!CommonPasswords.contains("ILoveYou"))
    }

    @Test("NFC: canonically equivalent spellings compare equal, compatibility characters do not fold")
    func normalisation() {
        let decomposed = "caf\u{65}\u{301}-cr\u{65}\u{300}me"
        let composed = "caf\u{e9}-cr\u{e8}me"
        #expect(Array(CommonPasswords.normalized(decomposed).unicodeScalars) == Array(composed.unicodeScalars))
        #expect(CommonPasswords.normalized("password123") == "password123")
        // The list's one non-ASCII entry, `aª»`: found as written; NFKC would fold `ª` to `a`,
        // and NFC does not, so `aa»` is not taken for it.
        #expect(CommonPasswords.contains("a\u{aa}\u{bb}"))
        #expect(!CommonPasswords.contains("aa\u{bb}"))
        // Full-width letters are other characters (NFKC would fold them onto `password`).
        #expect(!CommonPasswords.contains("\u{ff50}\u{ff41}\u{ff53}\u{ff53}\u{ff57}\u{ff4f}\u{ff52}\u{ff44}"))
    }
}
