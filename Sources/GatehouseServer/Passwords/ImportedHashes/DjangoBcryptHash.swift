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

/// Django's bcrypt hashers: `bcrypt_sha256$` + a bcrypt hash of the lowercase hex SHA-256 of
/// the password (Django's default bcrypt hasher, which lifts bcrypt's 72-byte limit), and
/// `bcrypt$` + a bcrypt hash of the password itself.
struct DjangoBcryptHash: ImportedHashFormat {
    let prehashesWithSHA256: Bool
    let bcrypt: BcryptImportedHash

    static let sha256Prefix = "bcrypt_sha256$"
    static let plainPrefix = "bcrypt$"

    static func recognises(_ text: Substring) -> Bool {
        text.hasPrefix(sha256Prefix) || text.hasPrefix(plainPrefix)
    }

    init(parsing text: Substring) throws(ImportedHashError) {
        prehashesWithSHA256 = text.hasPrefix(Self.sha256Prefix)
        let rest = text.dropFirst(prehashesWithSHA256 ? Self.sha256Prefix.count : Self.plainPrefix.count)
        guard BcryptImportedHash.recognises(rest) else {
            throw .malformed(format: "Django bcrypt", reason: "expected a bcrypt hash after the algorithm name")
        }
        bcrypt = try BcryptImportedHash(parsing: rest)
    }

    var encoded: String { (prehashesWithSHA256 ? Self.sha256Prefix : Self.plainPrefix) + bcrypt.encoded }

    func matches(_ password: String) -> Bool {
        guard prehashesWithSHA256 else { return bcrypt.matches(password) }
        let (bytes, tooLong) = Self.candidateBytes(password)
        let hex = SHA256.hash(data: bytes).map { byte in
            let digits = Array("0123456789abcdef".utf8)
            return String(decoding: [digits[Int(byte >> 4)], digits[Int(byte & 0x0F)]], as: UTF8.self)
        }.joined()
        return bcrypt.matches(hex) && !tooLong
    }
}
