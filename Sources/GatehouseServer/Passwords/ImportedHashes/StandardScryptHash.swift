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
import CryptoExtras

/// Standard scrypt (RFC 7914): the stored hash is scrypt(password, salt, N, r, p) at the hash's
/// own length. Firebase's `STANDARD_SCRYPT` import sends N (`memoryCost` / `cpuMemCost`), r
/// (`blockSize`), p (`parallelization`) and the length (`dkLen`). Gatehouse stores it as
/// `$scrypt$ln=<log2 N>,r=<r>,p=<p>$<salt>$<hash>`, salt and hash in standard base64.
struct StandardScryptHash: ImportedHashFormat {
    /// log2 of N.
    let logN: Int
    let blockSize: Int
    let parallelism: Int
    let salt: [UInt8]
    let hash: [UInt8]

    static let prefix = "$scrypt$"
    private static let format = "scrypt"

    init(logN: Int, blockSize: Int, parallelism: Int, salt: [UInt8], hash: [UInt8]) throws(ImportedHashError) {
        guard logN >= 1, logN <= 32, ImportedHashLimits.scryptBlockSize.contains(blockSize),
            ImportedHashLimits.scryptParallelism.contains(parallelism)
        else {
            throw .malformed(format: Self.format, reason: "N must be a power of two from 2, r between 1 and 16, p between 1 and 16")
        }
        // RFC 7914: N < 2^(128·r/8).
        guard logN < 16 * blockSize else { throw .malformed(format: Self.format, reason: "N must be below 2^(16·r)") }
        guard (128 << logN) * blockSize <= ImportedHashLimits.scryptMemoryBytes else {
            throw .costTooHigh(format: Self.format, parameter: "128·N·r (bytes)", limit: ImportedHashLimits.scryptMemoryBytes)
        }
        guard (1 << logN) * blockSize * parallelism <= ImportedHashLimits.scryptWork else {
            throw .costTooHigh(format: Self.format, parameter: "N·r·p", limit: ImportedHashLimits.scryptWork)
        }
        guard ImportedHashLimits.saltBytes.contains(salt.count), ImportedHashLimits.digestBytes.contains(hash.count) else {
            throw .malformed(format: Self.format, reason: "salt of 1 to 256 bytes and hash of 16 to 256 bytes expected")
        }
        self.logN = logN
        self.blockSize = blockSize
        self.parallelism = parallelism
        self.salt = salt
        self.hash = hash
    }

    /// From Firebase's `STANDARD_SCRYPT` fields: N itself (a power of two), r, p, the derived
    /// key's length, and the account's salt and hash in base64 (either alphabet).
    init(
        memoryCost: Int, blockSize: Int, parallelization: Int, derivedKeyLength: Int, base64Salt: String, base64Hash: String
    ) throws(ImportedHashError) {
        guard memoryCost >= 2, memoryCost & (memoryCost - 1) == 0 else {
            throw .malformed(format: Self.format, reason: "the memory cost (N) must be a power of two from 2")
        }
        guard let salt = FirebaseScryptParameters.decode(base64Salt), let hash = FirebaseScryptParameters.decode(base64Hash)
        else { throw .malformed(format: Self.format, reason: "the salt and the hash must be base64") }
        guard hash.count == derivedKeyLength else {
            throw .malformed(format: Self.format, reason: "the hash is not as long as the derived key length")
        }
        try self.init(
            logN: memoryCost.trailingZeroBitCount, blockSize: blockSize, parallelism: parallelization, salt: salt, hash: hash)
    }

    init(parsing text: Substring) throws(ImportedHashError) {
        let parts = text.split(separator: "$", omittingEmptySubsequences: false)
        guard parts.count == 5, parts[0].isEmpty, parts[1] == "scrypt", let pairs = ImportedHashFields.parameters(parts[2]),
            pairs.map({ String($0.key) }) == ["ln", "r", "p"]
        else { throw .malformed(format: Self.format, reason: "expected $scrypt$ln=<log2 N>,r=<r>,p=<p>$<salt>$<hash>") }
        guard let logN = ImportedHashFields.decimal(pairs[0].value, maximumDigits: 2),
            let blockSize = ImportedHashFields.decimal(pairs[1].value, maximumDigits: 4),
            let parallelism = ImportedHashFields.decimal(pairs[2].value, maximumDigits: 4)
        else { throw .malformed(format: Self.format, reason: "ln, r and p must be small decimal numbers") }
        let bound = ImportedHashLimits.saltBytes.upperBound
        guard let salt = ImportedHashBase64.decode(parts[3], padding: .optional, maximumBytes: bound),
            let hash = ImportedHashBase64.decode(parts[4], padding: .optional, maximumBytes: bound)
        else { throw .malformed(format: Self.format, reason: "the salt and the hash must be standard base64") }
        try self.init(logN: logN, blockSize: blockSize, parallelism: parallelism, salt: salt, hash: hash)
    }

    var encoded: String {
        "\(Self.prefix)ln=\(logN),r=\(blockSize),p=\(parallelism)$\(ImportedHashBase64.encode(salt))$"
            + ImportedHashBase64.encode(hash)
    }

    func matches(_ password: String) -> Bool {
        let (bytes, tooLong) = Self.candidateBytes(password)
        guard
            let key = try? KDF.Scrypt.deriveKey(
                from: bytes, salt: salt, outputByteCount: hash.count, rounds: 1 << logN, blockSize: blockSize,
                parallelism: parallelism)
        else { return false }
        return ConstantTimeComparison.equal(key.withUnsafeBytes { Array($0) }, hash) && !tooLong
    }
}
