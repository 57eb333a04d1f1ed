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

import Testing

@testable import GatehouseCore

@Suite("PasswordPolicy")
struct PasswordPolicyTests {
    let policy = PasswordPolicy()

    @Test("the default minimum is 8 characters")
    func defaultMinimum() {
        #expect(PasswordPolicy.defaultMinimumLength == 8)
        #expect(policy.minimumLength == 8)
        #expect(policy.check("1234567") == .tooShort(minimumLength: 8))
        #expect(policy.check("1234567").weakPasswordReasons == ["length"])
        #expect(policy.check("12345678") == .acceptable)
        #expect(policy.check("12345678").weakPasswordReasons == [])
    }

    @Test("empty is .missing with no weak-password reasons")
    func empty() {
        #expect(policy.check("") == .missing)
        #expect(policy.check("").weakPasswordReasons == [])
    }

    @Test("the 72-byte ceiling counts UTF-8 bytes, not characters")
    func byteCeiling() {
        #expect(PasswordPolicy.maximumBytes == 72)
        let threeByte = "€"
        #expect(threeByte.utf8.count == 3)
        let seventyFive = String(repeating: threeByte, count: 25)
        #expect(seventyFive.count == 25)
        #expect(policy.check(seventyFive) == .tooLong)
        #expect(policy.check(seventyFive).weakPasswordReasons == [])

        let seventyTwo = String(repeating: threeByte, count: 24)
        #expect(seventyTwo.utf8.count == 72)
        #expect(policy.check(seventyTwo) == .acceptable)
    }

    @Test("72 ASCII bytes are accepted, 73 are .tooLong")
    func asciiCeiling() {
        #expect(policy.check(String(repeating: "x", count: 72)) == .acceptable)
        #expect(policy.check(String(repeating: "x", count: 73)) == .tooLong)
    }

    @Test("the minimum counts characters, not bytes")
    func minimumCountsCharacters() {
        // 7 two-byte characters are 14 bytes but still 7 characters.
        #expect(policy.check(String(repeating: "é", count: 7)) == .tooShort(minimumLength: 8))
        // 8 four-byte emoji are 32 bytes and 8 characters.
        #expect(policy.check(String(repeating: "👍", count: 8)) == .acceptable)
    }

    @Test("a configured minimum is honoured and never below 1")
    func configuredMinimum() {
        let strict = PasswordPolicy(minimumLength: 12)
        #expect(strict.check("elevenchars") == .tooShort(minimumLength: 12))
        #expect(strict.check("twelve chars") == .acceptable)
        #expect(PasswordPolicy(minimumLength: 0).minimumLength == 1)
        #expect(PasswordPolicy(minimumLength: -5).check("a") == .acceptable)
    }

    @Test("no composition rules: spaces, digits-only and letters-only are fine")
    func noCompositionRules() {
        #expect(policy.check("        ") == .acceptable)
        #expect(policy.check("00000000") == .acceptable)
        #expect(policy.check("abcdefgh") == .acceptable)
    }
}
