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

/// An argon2 hash in the PHC string format, as argon2's reference code, argon2-cffi, GoTrue and
/// Django (after `argon2`) write it: `$argon2id$v=19$m=<KiB>,t=<passes>,p=<lanes>$<salt>$<hash>`,
/// salt and hash in unpadded standard base64. A string without `v=` is version 0x10 (older
/// encoders, Django 1.10's hashes). Argon2d (open to side channels, no password hasher's
/// default) and hashes with a secret key (`keyid`) or associated data (`data`) are refused.
struct Argon2PHCHash: ImportedHashFormat {
    enum Kind: String, Sendable {
        case argon2i
        case argon2id
    }

    let kind: Kind
    let parameters: Argon2.Parameters
    let salt: [UInt8]
    let hash: [UInt8]

    /// Django writes its hasher's name before the PHC string.
    static let djangoPrefix = "argon2"
    private static let format = "argon2"

    init(parsing text: Substring) throws(ImportedHashError) {
        var parts = text.split(separator: "$", omittingEmptySubsequences: false)
        guard parts.count == 5 || parts.count == 6, parts[0].isEmpty else {
            throw .malformed(format: Self.format, reason: "expected $argon2id$v=19$m=<KiB>,t=<passes>,p=<lanes>$<salt>$<hash>")
        }
        guard let kind = Kind(rawValue: String(parts[1])) else {
            throw .unsupported(format: Self.format, reason: "only argon2i and argon2id are verified")
        }
        var version = Argon2.Version.v10
        if parts.count == 6 {
            let field = parts.remove(at: 2)
            guard field.hasPrefix("v="), let number = ImportedHashFields.decimal(field.dropFirst(2), maximumDigits: 3),
                let known = Argon2.Version(rawValue: number)
            else { throw .malformed(format: Self.format, reason: "the version must be v=19 or v=16") }
            version = known
        }
        let cost = try Self.costs(parts[2])
        guard let salt = ImportedHashBase64.decode(parts[3], padding: .forbidden, maximumBytes: 256), salt.count >= 8 else {
            throw .malformed(format: Self.format, reason: "the salt must be 8 to 256 bytes of unpadded base64")
        }
        guard let hash = ImportedHashBase64.decode(parts[4], padding: .forbidden, maximumBytes: 256),
            ImportedHashLimits.digestBytes.contains(hash.count)
        else { throw .malformed(format: Self.format, reason: "the hash must be 16 to 256 bytes of unpadded base64") }
        self.kind = kind
        self.parameters = Argon2.Parameters(
            variant: kind == .argon2i ? .i : .id, version: version, memoryKiB: cost.memory, passes: cost.passes,
            lanes: cost.lanes, tagLength: hash.count)
        self.salt = salt
        self.hash = hash
    }

    var encoded: String {
        "$\(kind.rawValue)$v=\(parameters.version.rawValue)$m=\(parameters.memoryKiB),t=\(parameters.passes),"
            + "p=\(parameters.lanes)$\(ImportedHashBase64.encode(salt, padded: false))$"
            + ImportedHashBase64.encode(hash, padded: false)
    }

    func matches(_ password: String) -> Bool {
        let (bytes, tooLong) = Self.candidateBytes(password)
        guard let computed = Argon2.hash(password: bytes, salt: salt, parameters: parameters) else { return false }
        return ConstantTimeComparison.equal(computed, hash) && !tooLong
    }

    /// `m=…,t=…,p=…`, checked against RFC 9106's minimums and `ImportedHashLimits`.
    private static func costs(_ text: Substring) throws(ImportedHashError) -> (memory: Int, passes: Int, lanes: Int) {
        guard let pairs = ImportedHashFields.parameters(text) else {
            throw .malformed(format: format, reason: "expected m=<KiB>,t=<passes>,p=<lanes>")
        }
        let keys = pairs.map { String($0.key) }
        if keys.contains("keyid") || keys.contains("data") {
            throw .unsupported(format: format, reason: "hashes with a secret key or associated data cannot be verified")
        }
        guard keys == ["m", "t", "p"], let memory = ImportedHashFields.decimal(pairs[0].value),
            let passes = ImportedHashFields.decimal(pairs[1].value), let lanes = ImportedHashFields.decimal(pairs[2].value),
            passes >= 1, lanes >= 1, memory >= 8 * lanes
        else {
            throw .malformed(format: format, reason: "expected m=<KiB>,t=<passes>,p=<lanes> with t ≥ 1, p ≥ 1 and m ≥ 8·p")
        }
        let limits: [(String, Int, Int)] = [
            ("m (KiB)", memory, ImportedHashLimits.argon2MemoryKiB), ("t", passes, ImportedHashLimits.argon2Passes),
            ("p", lanes, ImportedHashLimits.argon2Lanes),
        ]
        for (name, value, limit) in limits where value > limit {
            throw .costTooHigh(format: format, parameter: name, limit: limit)
        }
        // Only now is the product small enough not to overflow.
        guard memory * passes <= ImportedHashLimits.argon2MemoryTimesPasses else {
            throw .costTooHigh(format: format, parameter: "m·t", limit: ImportedHashLimits.argon2MemoryTimesPasses)
        }
        return (memory, passes, lanes)
    }
}
