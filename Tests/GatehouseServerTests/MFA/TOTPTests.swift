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

@Suite("MFA: TOTP and base32")
struct TOTPTests {
    /// RFC 6238 appendix B, SHA-1 (8 digits, the seed "12345678901234567890").
    @Test(arguments: [
        (Int64(59), "94287082"), (1_111_111_109, "07081804"), (1_111_111_111, "14050471"),
        (1_234_567_890, "89005924"), (2_000_000_000, "69279037"), (20_000_000_000, "65353130"),
    ])
    func rfc6238Vectors(time: Int64, expected: String) {
        let secret = Array("12345678901234567890".utf8)
        #expect(TOTP.code(secret: secret, step: TOTP.step(at: time), digits: 8) == expected)
    }

    @Test func sixDigitCodesAreTheLowDigits() {
        let secret = Array("12345678901234567890".utf8)
        #expect(TOTP.code(secret: secret, step: TOTP.step(at: 59)) == "287082")
    }

    @Test func acceptsOneStepOfSkewEachWay() {
        let secret = Array("12345678901234567890".utf8)
        let now: Int64 = 1_111_111_111
        let step = TOTP.step(at: now)
        for offset in [-1, 0, 1] as [Int64] {
            #expect(TOTP.matchingStep(code: TOTP.code(secret: secret, step: step + offset), secret: secret, at: now) == step + offset)
        }
        #expect(TOTP.matchingStep(code: TOTP.code(secret: secret, step: step + 2), secret: secret, at: now) == nil)
        #expect(TOTP.matchingStep(code: TOTP.code(secret: secret, step: step - 2), secret: secret, at: now) == nil)
    }

    /// RFC 4648 section 10 (without padding, as otpauth URIs write secrets).
    @Test(arguments: [
        ("", ""), ("f", "MY"), ("fo", "MZXQ"), ("foo", "MZXW6"), ("foob", "MZXW6YQ"), ("fooba", "MZXW6YTB"), ("foobar", "MZXW6YTBOI"),
    ])
    func base32Vectors(plain: String, encoded: String) {
        #expect(Base32.encode(Array(plain.utf8)) == encoded)
        #expect(Base32.decode(encoded) == Array(plain.utf8))
    }
}
