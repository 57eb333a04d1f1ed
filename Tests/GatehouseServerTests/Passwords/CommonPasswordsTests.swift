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

/// The shipped list of common passwords: what it holds, how passwords compare to it,
/// and its set built once under concurrent first use.
@Suite("Common passwords list")
struct CommonPasswordsTests {
    @Test("SecLists' 100,000 most common passwords, each one found")
    func holdsTheList() {
        #expect(CommonPasswords.listCount == 100_000)
        #expect(CommonPasswords.set.count == 100_000)
        let entries = CommonPasswords.list.split(separator: "\n").map(String.init)
        #expect(entries.count == 100_000)
        // Every entry of the whole list is found through the set (what a lookup costs is measured
        // outside the tests: timings on a shared machine are no test).
        #expect(entries.allSatisfy(CommonPasswords.contains))
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

    @Test("concurrent first lookups all see the whole set")
    func concurrentFirstUse() async {
        let answers = await withTaskGroup(of: Bool.self) { group in
            for _ in 0..<16 { group.addTask { CommonPasswords.contains("password123") && !CommonPasswords.contains("PASSWORD123") } }
            return await group.reduce(into: [Bool]()) { $0.append($1) }
        }
        #expect(answers == Array(repeating: true, count: 16))
    }
}
