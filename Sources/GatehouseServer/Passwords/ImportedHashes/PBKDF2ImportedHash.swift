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

/// PBKDF2-HMAC (RFC 8018) with SHA-256 or SHA-1 over raw salt bytes, the derived key as long as
/// the stored hash: Firebase's `PBKDF2_SHA256` and `PBKDF_SHA1` imports (`rounds` being the
/// iteration count). Gatehouse stores it as `$pbkdf2-sha256$i=<iterations>$<salt>$<hash>` (or
/// `$pbkdf2-sha1$`), salt and hash in standard base64, padding optional on input and none on
/// output.
///
/// Only strings with `i=` after the kind are this format: passlib's `$pbkdf2-sha256$<n>$…`
/// (another base64 alphabet, no `i=`) stays an unknown format rather than a malformed one of
/// these.
struct PBKDF2ImportedHash: ImportedHashFormat {
    enum Variant: String, Sendable, CaseIterable {
        case sha256
        case sha1

        fileprivate var hashFunction: KDF.Insecure.PBKDF2.HashFunction {
            switch self {
            case .sha256: .sha256
            case .sha1: .insecureSHA1
            }
        }

        /// The HMAC's output length: each block of the derived key costs `iterations` HMACs.
        var blockBytes: Int {
            switch self {
            case .sha256: 32
            case .sha1: 20
            }
        }
    }

    let variant: Variant
    let iterations: Int
    let salt: [UInt8]
    let hash: [UInt8]

    static let prefix = "$pbkdf2-"
    static let format = "PBKDF2"

    /// Whether `text` announces this format: `$pbkdf2-<kind>$i=`, so that an unverified kind
    /// gets this format's error rather than "unknown format".
    static func recognises(_ text: Substring) -> Bool {
        let parts = text.split(separator: "$", maxSplits: 3, omittingEmptySubsequences: false)
        return text.hasPrefix(prefix) && parts.count >= 3 && parts[2].hasPrefix("i=")
    }

    /// The iteration count's bounds, also what a Firebase import's `rounds` is checked against
    /// before any account is read.
    static func checkIterations(_ iterations: Int) throws(ImportedHashError) {
        guard iterations >= 1 else {
            throw .malformed(format: format, reason: "the iteration count must be at least 1")
        }
        guard iterations <= ImportedHashLimits.pbkdf2Iterations.upperBound else {
            throw .costTooHigh(format: format, parameter: "iterations", limit: ImportedHashLimits.pbkdf2Iterations.upperBound)
        }
    }

    init(variant: Variant, iterations: Int, salt: [UInt8], hash: [UInt8]) throws(ImportedHashError) {
        try Self.checkIterations(iterations)
        guard ImportedHashLimits.saltBytes.contains(salt.count) else {
            throw .malformed(format: Self.format, reason: "the salt must be 1 to \(ImportedHashLimits.saltBytes.upperBound) bytes")
        }
        guard ImportedHashLimits.digestBytes.contains(hash.count) else {
            throw .malformed(format: Self.format, reason: "the hash must be 16 to \(ImportedHashLimits.digestBytes.upperBound) bytes")
        }
        // A derived key longer than one HMAC output costs `iterations` more HMACs per block: the
        // bound is on the whole work, so a long hash cannot multiply the iteration limit.
        let blocks = (hash.count + variant.blockBytes - 1) / variant.blockBytes
        guard iterations * blocks <= ImportedHashLimits.pbkdf2Iterations.upperBound else {
            throw .costTooHigh(
                format: Self.format, parameter: "iterations × output blocks", limit: ImportedHashLimits.pbkdf2Iterations.upperBound)
        }
        self.variant = variant
        self.iterations = iterations
        self.salt = salt
        self.hash = hash
    }

    init(parsing text: Substring) throws(ImportedHashError) {
        let parts = text.split(separator: "$", omittingEmptySubsequences: false)
        guard parts.count == 5, parts[0].isEmpty, parts[1].hasPrefix("pbkdf2-"), parts[2].hasPrefix("i=") else {
            throw .malformed(format: Self.format, reason: "expected $pbkdf2-sha256$i=<iterations>$<salt>$<hash>")
        }
        guard let variant = Variant(rawValue: String(parts[1].dropFirst("pbkdf2-".count))) else {
            throw .unsupported(format: Self.format, reason: "only pbkdf2-sha256 and pbkdf2-sha1 are verified")
        }
        guard let iterations = ImportedHashFields.decimal(parts[2].dropFirst(2)) else {
            throw .malformed(format: Self.format, reason: "the iteration count must be a decimal number")
        }
        let bound = ImportedHashLimits.saltBytes.upperBound
        guard let salt = ImportedHashBase64.decode(parts[3], padding: .optional, maximumBytes: bound),
            let hash = ImportedHashBase64.decode(parts[4], padding: .optional, maximumBytes: bound)
        else { throw .malformed(format: Self.format, reason: "the salt and the hash must be standard base64") }
        try self.init(variant: variant, iterations: iterations, salt: salt, hash: hash)
    }

    var encoded: String {
        "\(Self.prefix)\(variant.rawValue)$i=\(iterations)$\(ImportedHashBase64.encode(salt, padded: false))$"
            + ImportedHashBase64.encode(hash, padded: false)
    }

    func matches(_ password: String) -> Bool {
        let (bytes, tooLong) = Self.candidateBytes(password)
        guard let computed = Self.derive(bytes, salt: salt, variant: variant, iterations: iterations, length: hash.count)
        else { return false }
        return ConstantTimeComparison.equal(computed, hash) && !tooLong
    }

    /// PBKDF2-HMAC as every imported format computes it (Django's hasher too): swift-crypto's,
    /// without its floor of 210,000 rounds, since imported hashes come with their own counts
    /// (bounded at import).
    static func derive(_ password: [UInt8], salt: [UInt8], variant: Variant, iterations: Int, length: Int) -> [UInt8]? {
        guard
            let key = try? KDF.Insecure.PBKDF2.deriveKey(
                from: password, salt: salt, using: variant.hashFunction, outputByteCount: length,
                unsafeUncheckedRounds: iterations)
        else { return nil }
        return key.withUnsafeBytes { Array($0) }
    }
}
