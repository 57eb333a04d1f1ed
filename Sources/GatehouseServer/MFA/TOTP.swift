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

import Crypto
import Foundation

/// Time-based one-time passwords (RFC 6238 over RFC 4226's HOTP) as GoTrue's TOTP factors use
/// them: HMAC-SHA-1, 6 digits, 30-second steps, a code of the step before or after also accepted
/// (clock drift between the phone and the server).
enum TOTP {
    static let period: Int64 = 30
    static let digits = 6
    static let skew: Int64 = 1

    /// The time step a Unix time falls in.
    static func step(at secondsSinceEpoch: Int64) -> Int64 {
        secondsSinceEpoch / period
    }

    /// The code for a time step (RFC 4226 section 5.3's dynamic truncation).
    static func code(secret: [UInt8], step: Int64, digits: Int = digits) -> String {
        var counter = UInt64(bitPattern: step).bigEndian
        let message = withUnsafeBytes(of: &counter) { Data($0) }
        let mac = Array(HMAC<Insecure.SHA1>.authenticationCode(for: message, using: SymmetricKey(data: secret)))
        let offset = Int(mac[mac.count - 1] & 0x0F)
        let binary =
            (UInt32(mac[offset] & 0x7F) << 24) | (UInt32(mac[offset + 1]) << 16) | (UInt32(mac[offset + 2]) << 8)
            | UInt32(mac[offset + 3])
        var modulus: UInt32 = 1
        for _ in 0..<digits { modulus *= 10 }
        let value = String(binary % modulus)
        return String(repeating: "0", count: digits - value.count) + value
    }

    /// The step whose code `code` is, within the skew around `secondsSinceEpoch`, or nil. Every
    /// candidate is compared in constant time, and all of them are compared.
    static func matchingStep(code: String, secret: [UInt8], at secondsSinceEpoch: Int64) -> Int64? {
        let current = step(at: secondsSinceEpoch)
        var match: Int64?
        for candidate in (current - skew)...(current + skew) {
            let expected = self.code(secret: secret, step: candidate)
            if constantTimeEqual(Array(expected.utf8), Array(code.utf8)) && match == nil { match = candidate }
        }
        return match
    }

    private static func constantTimeEqual(_ left: [UInt8], _ right: [UInt8]) -> Bool {
        guard left.count == right.count else { return false }
        var difference: UInt8 = 0
        for index in left.indices { difference |= left[index] ^ right[index] }
        return difference == 0
    }
}

/// RFC 4648 base32 without padding: how TOTP secrets are written in `otpauth://` URIs.
enum Base32 {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ234567".utf8)

    static func encode(_ bytes: [UInt8]) -> String {
        var output = [UInt8]()
        var buffer: UInt32 = 0
        var bits = 0
        for byte in bytes {
            buffer = (buffer << 8) | UInt32(byte)
            bits += 8
            while bits >= 5 {
                output.append(alphabet[Int((buffer >> UInt32(bits - 5)) & 0x1F)])
                bits -= 5
            }
        }
        if bits > 0 { output.append(alphabet[Int((buffer << UInt32(5 - bits)) & 0x1F)]) }
        return String(decoding: output, as: UTF8.self)
    }

    static func decode(_ text: String) -> [UInt8]? {
        var output = [UInt8]()
        var buffer: UInt32 = 0
        var bits = 0
        for character in text.uppercased().utf8 where character != UInt8(ascii: "=") {
            guard let value = alphabet.firstIndex(of: character) else { return nil }
            buffer = (buffer << 5) | UInt32(value)
            bits += 5
            if bits >= 8 {
                output.append(UInt8((buffer >> UInt32(bits - 8)) & 0xFF))
                bits -= 8
            }
        }
        return output
    }
}
