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

/// The hash parameters of a Firebase import: `accounts:batchCreate`'s top-level fields, or the
/// flags of `firebase auth:import` (what the Firebase console's "Password hash parameters" shows).
///
/// What each algorithm becomes:
///
/// | `algorithm` | fields read | hash |
/// | --- | --- | --- |
/// | `SCRYPT` | `signerKey`, `saltSeparator`, `rounds` (r), `memoryCost` (log2 N) | `FirebaseScryptHash` |
/// | `STANDARD_SCRYPT` | `cpuMemCost` (N), `blockSize` (r), `parallelization` (p), `dkLen` | `StandardScryptHash` |
/// | `BCRYPT` | none: each `passwordHash` is base64 of a `$2a$…` string | `BcryptImportedHash` |
/// | `PBKDF2_SHA256`, `PBKDF_SHA1` | `rounds` (iterations) | `PBKDF2ImportedHash` |
/// | `HMAC_SHA256`, `HMAC_SHA512`, `HMAC_SHA1`, `HMAC_MD5` | `signerKey` (HMAC key), `passwordHashOrder` | `HMACImportedHash` |
///
/// Byte fields are base64 in either alphabet, padding optional: the console and `auth:export`
/// write the standard one, firebase-admin sends the URL-safe one. Algorithm names are read
/// without regard to case, as `firebase auth:import --hash-algo` reads them.
struct FirebaseHashParameters: Sendable, Equatable, Decodable {
    var algorithm: String
    var signerKey: String?
    var saltSeparator: String?
    var rounds: Int?
    var memoryCost: Int?
    /// STANDARD_SCRYPT's N (Firebase sends N itself, not log2 N; must be a power of two).
    var cpuMemCost: Int?
    var parallelization: Int?
    var blockSize: Int?
    var dkLen: Int?
    /// "SALT_AND_PASSWORD", "PASSWORD_AND_SALT" or nil (password first).
    var passwordHashOrder: String?

    /// `batchCreate`'s names: the algorithm is `hashAlgorithm`, the rest as here.
    enum CodingKeys: String, CodingKey {
        case algorithm = "hashAlgorithm"
        case signerKey, saltSeparator, rounds, memoryCost, cpuMemCost, parallelization, blockSize, dkLen, passwordHashOrder
    }

    init(
        algorithm: String, signerKey: String? = nil, saltSeparator: String? = nil, rounds: Int? = nil, memoryCost: Int? = nil,
        cpuMemCost: Int? = nil, parallelization: Int? = nil, blockSize: Int? = nil, dkLen: Int? = nil, passwordHashOrder: String? = nil
    ) {
        self.algorithm = algorithm
        self.signerKey = signerKey
        self.saltSeparator = saltSeparator
        self.rounds = rounds
        self.memoryCost = memoryCost
        self.cpuMemCost = cpuMemCost
        self.parallelization = parallelization
        self.blockSize = blockSize
        self.dkLen = dkLen
        self.passwordHashOrder = passwordHashOrder
    }

    /// Refuses parameters that cannot verify anything: an unknown or unsupported algorithm (MD5,
    /// SHA1, SHA256, SHA512 and ARGON2 plain kinds are refused as unsupported with a clear
    /// reason), a missing signer key for SCRYPT/HMAC_*, missing rounds/memoryCost for SCRYPT,
    /// missing rounds for PBKDF*, missing STANDARD_SCRYPT fields, costs above ImportedHashLimits.
    func validate() throws(ImportedHashError) {
        _ = try recipe()
    }

    /// One user's hash: `passwordHash` and `salt` as Firebase sends them (base64 of the raw
    /// bytes; for BCRYPT, base64 of the bcrypt string "$2a$…" itself, salt ignored). Checks the
    /// parameters as `validate()` does, then the account's own fields.
    func hash(passwordHash: String, salt: String?) throws(ImportedHashError) -> ImportedPasswordHash {
        let recipe = try recipe()
        switch recipe {
        case .scrypt(let parameters):
            return .firebaseScrypt(try FirebaseScryptHash(parameters: parameters, base64Salt: salt ?? "", base64Hash: passwordHash))
        case .standardScrypt(let memoryCost, let blockSize, let parallelization, let keyLength):
            return .scrypt(
                try StandardScryptHash(
                    memoryCost: memoryCost, blockSize: blockSize, parallelization: parallelization, derivedKeyLength: keyLength,
                    base64Salt: salt ?? "", base64Hash: passwordHash))
        case .bcrypt:
            guard let bytes = Self.decode(passwordHash), let text = String(validating: bytes, as: UTF8.self),
                BcryptImportedHash.recognises(Substring(text))
            else { throw .malformed(format: "Firebase BCRYPT", reason: "passwordHash must be base64 of a $2a$, $2b$ or $2y$ string") }
            // Through the general parser, for its checks on characters and length.
            guard case .bcrypt(let hash) = try ImportedPasswordHash(parsing: text) else {
                throw .malformed(format: "Firebase BCRYPT", reason: "passwordHash must be base64 of a $2a$, $2b$ or $2y$ string")
            }
            return .bcrypt(hash)
        case .pbkdf2(let variant, let iterations):
            let (saltBytes, hashBytes) = try Self.decodeAccount(passwordHash: passwordHash, salt: salt, format: PBKDF2ImportedHash.format)
            return .pbkdf2(try PBKDF2ImportedHash(variant: variant, iterations: iterations, salt: saltBytes, hash: hashBytes))
        case .hmac(let variant, let key, let order):
            let (saltBytes, hashBytes) = try Self.decodeAccount(passwordHash: passwordHash, salt: salt, format: HMACImportedHash.format)
            return .hmac(try HMACImportedHash(variant: variant, order: order, key: key, salt: saltBytes, hash: hashBytes))
        }
    }

    /// The checked parameters of one algorithm, what every account's hash is built from.
    private enum Recipe {
        case scrypt(FirebaseScryptParameters)
        case standardScrypt(memoryCost: Int, blockSize: Int, parallelization: Int, keyLength: Int)
        case bcrypt
        case pbkdf2(PBKDF2ImportedHash.Variant, iterations: Int)
        case hmac(HMACImportedHash.Variant, key: [UInt8], order: HMACImportedHash.Order)
    }

    private static let supported =
        "SCRYPT, STANDARD_SCRYPT, BCRYPT, PBKDF2_SHA256, PBKDF_SHA1, HMAC_SHA256, HMAC_SHA512, HMAC_SHA1, HMAC_MD5"

    private func recipe() throws(ImportedHashError) -> Recipe {
        let name = algorithm.uppercased()
        // Named in errors only once known: the algorithm is the importer's text.
        let format = "Firebase \(name)"
        // An unknown order is a mistake whatever the algorithm, even one that does not read it.
        let order: HMACImportedHash.Order
        switch passwordHashOrder {
        case nil, "PASSWORD_AND_SALT", "UNSPECIFIED_ORDER": order = .passwordThenSalt
        case "SALT_AND_PASSWORD": order = .saltThenPassword
        default:
            throw .malformed(format: "Firebase import", reason: "passwordHashOrder must be SALT_AND_PASSWORD or PASSWORD_AND_SALT")
        }
        if name.hasPrefix("HMAC_"), let variant = HMACImportedHash.Variant(rawValue: name.dropFirst("HMAC_".count).lowercased()) {
            guard let signerKey else { throw .malformed(format: format, reason: "the hash parameters need signerKey (the HMAC key)") }
            guard let key = Self.decode(signerKey), !key.isEmpty else {
                throw .malformed(
                    format: format, reason: "signerKey must be base64 of 1 to \(ImportedHashLimits.saltBytes.upperBound) bytes")
            }
            return .hmac(variant, key: key, order: order)
        }
        switch name {
        case "SCRYPT":
            guard let signerKey else { throw .malformed(format: format, reason: "the hash parameters need signerKey") }
            guard let rounds, let memoryCost else {
                throw .malformed(format: format, reason: "the hash parameters need rounds and memoryCost")
            }
            return .scrypt(
                try FirebaseScryptParameters(
                    base64SignerKey: signerKey, base64SaltSeparator: saltSeparator, rounds: rounds, memoryCost: memoryCost))
        case "STANDARD_SCRYPT":
            return try standardScryptRecipe(format: format)
        case "BCRYPT":
            return .bcrypt
        case "PBKDF2_SHA256", "PBKDF_SHA1":
            guard let rounds else { throw .malformed(format: format, reason: "the hash parameters need rounds (the iteration count)") }
            try PBKDF2ImportedHash.checkIterations(rounds)
            return .pbkdf2(name == "PBKDF2_SHA256" ? .sha256 : .sha1, iterations: rounds)
        case "MD5", "SHA1", "SHA256", "SHA512":
            throw .unsupported(
                format: format,
                reason: "Gatehouse does not verify plain (unkeyed, repeated) digests: "
                    + "these accounts set a new password through a reset email")
        case "ARGON2":
            throw .unsupported(
                format: format, reason: "Firebase's argon2 parameters are not read: give each hash as a PHC string ($argon2id$…)")
        default:
            throw .unsupported(format: "Firebase import", reason: "the hash algorithm must be one of \(Self.supported)")
        }
    }

    private func standardScryptRecipe(format: String) throws(ImportedHashError) -> Recipe {
        guard let cpuMemCost, let blockSize, let parallelization, let dkLen else {
            throw .malformed(format: format, reason: "the hash parameters need cpuMemCost (N), blockSize, parallelization and dkLen")
        }
        guard ImportedHashLimits.digestBytes.contains(dkLen) else {
            throw .malformed(format: format, reason: "dkLen must be between 16 and \(ImportedHashLimits.digestBytes.upperBound)")
        }
        // StandardScryptHash checks N, r, p and their costs: a placeholder salt and hash of the
        // right length let it check them before any account is read.
        _ = try StandardScryptHash(
            memoryCost: cpuMemCost, blockSize: blockSize, parallelization: parallelization, derivedKeyLength: dkLen,
            base64Salt: "AA", base64Hash: ImportedHashBase64.encode([UInt8](repeating: 0, count: dkLen)))
        return .standardScrypt(memoryCost: cpuMemCost, blockSize: blockSize, parallelization: parallelization, keyLength: dkLen)
    }

    /// An account's `passwordHash` and `salt` (none is an empty salt; the format decides whether
    /// it may be).
    private static func decodeAccount(
        passwordHash: String, salt: String?, format: String
    ) throws(ImportedHashError) -> (salt: [UInt8], hash: [UInt8]) {
        guard let hash = decode(passwordHash) else { throw .malformed(format: format, reason: "passwordHash is not base64") }
        guard let salt = decode(salt ?? "") else { throw .malformed(format: format, reason: "the salt is not base64") }
        return (salt, hash)
    }

    private static func decode(_ text: String) -> [UInt8]? {
        FirebaseScryptParameters.decode(text)
    }
}
