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

import HummingbirdBcrypt

/// A bcrypt hash, `$2a$`, `$2b$` or `$2y$`: two-digit cost, 22 characters of salt and 31 of
/// digest in bcrypt's own base64 (`./A-Za-z0-9`).
///
/// Verified by the server's own bcrypt (HummingbirdBcrypt, OpenBSD's code), which reads `$2a$`
/// and `$2b$` only. The three prefixes compute the same digest for every password that their
/// generators accept: `$2y$` is PHP's name for the fixed algorithm `$2b$` also names, and `$2a$`
/// differs only in OpenBSD's 8-bit length wrap for passwords of 255 bytes or more, which other
/// implementations (Go, pyca, PHP) never had. So every variant is verified as `$2b$`.
struct BcryptImportedHash: ImportedHashFormat {
    enum Variant: String, Sendable {
        case a = "2a"
        case b = "2b"
        case y = "2y"
    }

    let variant: Variant
    let cost: Int
    /// Salt and digest characters, with the unused low bits of each one's last character
    /// cleared (OpenBSD's code compares strings, so a non-canonical character written by
    /// another encoder would otherwise never match).
    let saltAndDigest: String

    static let alphabet = Array("./ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789".utf8)
    private static let format = "bcrypt"

    /// Whether `text` is in bcrypt's crypt family (`$2` and a version), so that a variant this
    /// type refuses gets bcrypt's error rather than "unknown format".
    static func recognises(_ text: Substring) -> Bool {
        text.hasPrefix("$2$") || (text.hasPrefix("$2") && text.dropFirst(3).hasPrefix("$"))
    }

    init(parsing text: Substring) throws(ImportedHashError) {
        let parts = text.split(separator: "$", omittingEmptySubsequences: false)
        guard parts.count == 4, parts[0].isEmpty else {
            throw .malformed(format: Self.format, reason: "expected $2b$<cost>$<53 characters>")
        }
        guard let variant = Variant(rawValue: String(parts[1])) else {
            throw .unsupported(format: Self.format, reason: "only the $2a$, $2b$ and $2y$ variants are verified")
        }
        guard parts[2].utf8.count == 2, let cost = ImportedHashFields.decimal(parts[2].drop { $0 == "0" }, maximumDigits: 2)
        else { throw .malformed(format: Self.format, reason: "the cost must be two digits") }
        guard cost >= ImportedHashLimits.bcryptCost.lowerBound, cost <= 31 else {
            throw .malformed(format: Self.format, reason: "the cost must be between 04 and 31")
        }
        guard cost <= ImportedHashLimits.bcryptCost.upperBound else {
            throw .costTooHigh(format: Self.format, parameter: "cost", limit: ImportedHashLimits.bcryptCost.upperBound)
        }
        var characters = Array(parts[3].utf8)
        guard characters.count == 53, characters.allSatisfy(Self.alphabet.contains) else {
            throw .malformed(format: Self.format, reason: "salt and digest must be 53 characters of bcrypt's base64")
        }
        // 16 salt bytes leave 4 unused bits in character 22; 23 digest bytes, 2 in character 31.
        characters[21] = Self.cleared(characters[21], keepingMask: 0x30)
        characters[52] = Self.cleared(characters[52], keepingMask: 0x3C)
        self.variant = variant
        self.cost = cost
        self.saltAndDigest = String(decoding: characters, as: UTF8.self)
    }

    var encoded: String { "$\(variant.rawValue)$\(twoDigitCost)$\(saltAndDigest)" }

    func matches(_ password: String) -> Bool {
        let (_, tooLong) = Self.candidateBytes(password)
        // OpenBSD's code reads the password as a C string: one holding NUL would be cut short
        // there, so it is checked (same work) and refused rather than matched on its prefix.
        let cut = tooLong || password.utf8.contains(0)
        let matched = Bcrypt.verify(cut ? "" : password, hash: "$2b$\(twoDigitCost)$\(saltAndDigest)")
        return matched && !cut
    }

    private var twoDigitCost: String { cost < 10 ? "0\(cost)" : "\(cost)" }

    private static func cleared(_ character: UInt8, keepingMask mask: UInt8) -> UInt8 {
        guard let value = alphabet.firstIndex(of: character) else { return character }
        return alphabet[value & Int(mask)]
    }
}
