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

/// Firebase Authentication's modified scrypt. The derived key is
/// scrypt(password, salt ‖ salt separator, N = 2^memory cost, r = rounds, p = 1, 64 bytes); the
/// stored hash is the project's signer key encrypted with AES-256-CTR under the derived key's
/// first 32 bytes, the counter block starting at zero. A password matches when its encryption
/// of the signer key equals the stored hash.
struct FirebaseScryptHash: ImportedHashFormat {
    let parameters: FirebaseScryptParameters
    /// The account's own salt (`salt` / `passwordSalt` in Firebase's exports).
    let salt: [UInt8]
    let hash: [UInt8]

    static let prefix = "$fbscrypt$"
    private static let format = FirebaseScryptParameters.format

    init(parameters: FirebaseScryptParameters, salt: [UInt8], hash: [UInt8]) throws(ImportedHashError) {
        guard ImportedHashLimits.saltBytes.contains(salt.count) else {
            throw .malformed(format: Self.format, reason: "the salt must be 1 to \(ImportedHashLimits.saltBytes.upperBound) bytes")
        }
        // CTR keeps the length: a hash of another length than the key's can never match.
        guard hash.count == parameters.signerKey.count, ImportedHashLimits.digestBytes.contains(hash.count) else {
            throw .malformed(format: Self.format, reason: "the hash must be as long as the signer key, at least 16 bytes")
        }
        self.parameters = parameters
        self.salt = salt
        self.hash = hash
    }

    /// From an account's base64 fields (`passwordHash` and `salt`), as exported or sent.
    init(parameters: FirebaseScryptParameters, base64Salt: String, base64Hash: String) throws(ImportedHashError) {
        guard let salt = FirebaseScryptParameters.decode(base64Salt) else {
            throw .malformed(format: Self.format, reason: "the salt is not base64")
        }
        guard let hash = FirebaseScryptParameters.decode(base64Hash) else {
            throw .malformed(format: Self.format, reason: "the hash is not base64")
        }
        try self.init(parameters: parameters, salt: salt, hash: hash)
    }

    /// GoTrue's string form:
    /// `$fbscrypt$v=1,n=<memory cost>,r=<rounds>,p=1[,ss=<separator>],sk=<signer key>$<salt>$<hash>`,
    /// every value in standard base64.
    init(parsing text: Substring) throws(ImportedHashError) {
        let parts = text.split(separator: "$", omittingEmptySubsequences: false)
        guard parts.count == 5, parts[0].isEmpty, parts[1] == "fbscrypt", let pairs = ImportedHashFields.parameters(parts[2])
        else { throw .malformed(format: Self.format, reason: "expected $fbscrypt$<parameters>$<salt>$<hash>") }
        let keys = pairs.map { String($0.key) }
        guard keys == ["v", "n", "r", "p", "ss", "sk"] || keys == ["v", "n", "r", "p", "sk"] else {
            throw .malformed(format: Self.format, reason: "the parameters must be v, n, r, p, ss (optional) and sk, in that order")
        }
        let values = Dictionary(pairs.map { (String($0.key), $0.value) }, uniquingKeysWith: { first, _ in first })
        guard values["v"] == "1" else { throw .unsupported(format: Self.format, reason: "only version 1 exists") }
        guard values["p"] == "1" else { throw .unsupported(format: Self.format, reason: "Firebase's scrypt has p=1") }
        guard let memoryCost = values["n"].flatMap({ ImportedHashFields.decimal($0) }),
            let rounds = values["r"].flatMap({ ImportedHashFields.decimal($0) })
        else { throw .malformed(format: Self.format, reason: "n and r must be decimal numbers") }
        guard let signerKey = values["sk"].flatMap(Self.decodeStandard), let separator = Self.decodeStandard(values["ss"] ?? "")
        else { throw .malformed(format: Self.format, reason: "ss and sk must be standard base64") }
        guard let salt = Self.decodeStandard(parts[3]), let hash = Self.decodeStandard(parts[4]) else {
            throw .malformed(format: Self.format, reason: "the salt and the hash must be standard base64")
        }
        let parameters = try FirebaseScryptParameters(
            signerKey: signerKey, saltSeparator: separator, rounds: rounds, memoryCost: memoryCost)
        try self.init(parameters: parameters, salt: salt, hash: hash)
    }

    var encoded: String {
        let separator =
            parameters.saltSeparator.isEmpty ? "" : ",ss=\(ImportedHashBase64.encode(parameters.saltSeparator))"
        return "\(Self.prefix)v=1,n=\(parameters.memoryCost),r=\(parameters.rounds),p=1\(separator),"
            + "sk=\(ImportedHashBase64.encode(parameters.signerKey))$\(ImportedHashBase64.encode(salt))$"
            + ImportedHashBase64.encode(hash)
    }

    func matches(_ password: String) -> Bool {
        let (bytes, tooLong) = Self.candidateBytes(password)
        do {
            let derived = try KDF.Scrypt.deriveKey(
                from: bytes, salt: salt + parameters.saltSeparator, outputByteCount: 64,
                rounds: 1 << parameters.memoryCost, blockSize: parameters.rounds, parallelism: 1)
            let aesKey = SymmetricKey(data: derived.withUnsafeBytes { Array($0.prefix(32)) })
            let zeroCounter = try AES._CTR.Nonce(nonceBytes: [UInt8](repeating: 0, count: 16))
            let computed = try AES._CTR.encrypt(parameters.signerKey, using: aesKey, nonce: zeroCounter)
            return ConstantTimeComparison.equal(Array(computed), hash) && !tooLong
        } catch {
            return false
        }
    }

    private static func decodeStandard(_ text: Substring) -> [UInt8]? {
        ImportedHashBase64.decode(text, padding: .optional, maximumBytes: ImportedHashLimits.saltBytes.upperBound)
    }
}
