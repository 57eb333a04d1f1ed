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

/// Django's default hasher: `pbkdf2_sha256$<iterations>$<salt>$<base64 digest>`, the digest
/// being PBKDF2-HMAC-SHA256 of the password's UTF-8 with the salt's UTF-8, 32 bytes long.
struct DjangoPBKDF2Hash: ImportedHashFormat {
    let iterations: Int
    /// Django's salt is text (its own are 22 letters and digits), hashed as its UTF-8 bytes.
    let salt: String
    let digest: [UInt8]

    static let prefix = "pbkdf2_sha256$"
    private static let format = "Django pbkdf2_sha256"

    init(parsing text: Substring) throws(ImportedHashError) {
        let parts = text.split(separator: "$", omittingEmptySubsequences: false)
        guard parts.count == 4, parts[0] == "pbkdf2_sha256" else {
            throw .malformed(format: Self.format, reason: "expected pbkdf2_sha256$<iterations>$<salt>$<digest>")
        }
        guard let iterations = ImportedHashFields.decimal(parts[1]), iterations >= 1 else {
            throw .malformed(format: Self.format, reason: "the iteration count must be a positive decimal number")
        }
        guard iterations <= ImportedHashLimits.pbkdf2Iterations.upperBound else {
            throw .costTooHigh(
                format: Self.format, parameter: "iterations", limit: ImportedHashLimits.pbkdf2Iterations.upperBound)
        }
        guard ImportedHashLimits.saltBytes.contains(parts[2].utf8.count) else {
            throw .malformed(format: Self.format, reason: "the salt must be 1 to \(ImportedHashLimits.saltBytes.upperBound) characters")
        }
        guard let digest = ImportedHashBase64.decode(parts[3], padding: .required, maximumBytes: 64), digest.count == 32 else {
            throw .malformed(format: Self.format, reason: "the digest must be 32 bytes of padded base64")
        }
        self.iterations = iterations
        self.salt = String(parts[2])
        self.digest = digest
    }

    var encoded: String { "\(Self.prefix)\(iterations)$\(salt)$\(ImportedHashBase64.encode(digest))" }

    func matches(_ password: String) -> Bool {
        let (bytes, tooLong) = Self.candidateBytes(password)
        guard
            let computed = PBKDF2ImportedHash.derive(
                bytes, salt: Array(salt.utf8), variant: .sha256, iterations: iterations, length: digest.count)
        else { return false }
        return ConstantTimeComparison.equal(computed, digest) && !tooLong
    }
}
