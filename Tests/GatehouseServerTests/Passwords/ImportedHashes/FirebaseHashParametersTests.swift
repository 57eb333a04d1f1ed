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

import Testing

@testable import GatehouseServer

/// A Firebase import's hash parameters and each account's `passwordHash` and `salt`, in the
/// URL-safe base64 firebase-admin sends, give the hash of the right kind, which verifies the
/// password; parameters that cannot verify anything are refused before any account is read.
@Suite("Firebase import hash parameters")
struct FirebaseHashParametersTests {
    static let password = "correct horse battery staple"

    struct Case: CustomTestStringConvertible, Sendable {
        let parameters: FirebaseHashParameters
        let passwordHash: String
        let salt: String?
        /// Gatehouse's string for the same hash (from the kind's own tests).
        let encoded: String
        let formatName: String

        var testDescription: String { parameters.algorithm + (parameters.passwordHashOrder.map { " " + $0 } ?? "") }
    }

    static let hmacKey = "XB4Kd9K5TwPopsWdcbIPRDjnrRbJ9QKLTX46kbbATy4="
    static let hmacSalt = "obLD1OX2Bxg="

    static let cases: [Case] = [
        // Vectors/imported_hash_vectors.json's n=5, r=8 Firebase scrypt vector (made by the
        // firebase-scrypt reference), in the URL-safe alphabet.
        Case(
            parameters: FirebaseHashParameters(
                algorithm: "SCRYPT", signerKey: "0Y_S7KPtsaW7CGBlcwOK2ZqStNRMGHg87D_KPP2x57E=", saltSeparator: "Bw==", rounds: 8,
                memoryCost: 5),
            passwordHash: "tcUDATbRNNcLrSMruuaA9CsTP2eljxvEww9kF8yoH6U=", salt: "Gyl_99IC58Wc8g==",
            encoded: ImportedHashSignInTests.hashes["firebase scrypt"]!, formatName: "firebase_scrypt"),
        // hashlib.scrypt(b"correct horse battery staple", salt=bytes.fromhex("3c9d05e1f28a47b6"),
        // n=16, r=2, p=1, dklen=32), base64.urlsafe_b64encode.
        Case(
            parameters: FirebaseHashParameters(algorithm: "STANDARD_SCRYPT", cpuMemCost: 16, parallelization: 1, blockSize: 2, dkLen: 32),
            passwordHash: "59ZdZgdg1Jl3un44M7Qp2FW2Z_yAb8PPKtg7oN6G9Xg=", salt: "PJ0F4fKKR7Y=",
            encoded: "$scrypt$ln=4,r=2,p=1$PJ0F4fKKR7Y=$59ZdZgdg1Jl3un44M7Qp2FW2Z/yAb8PPKtg7oN6G9Xg=", formatName: "scrypt"),
        // base64.urlsafe_b64encode of ImportedHashSignInTests' bcrypt string (salt ignored).
        Case(
            parameters: FirebaseHashParameters(algorithm: "BCRYPT"),
            passwordHash: "JDJhJDA0JDBOWVJNLy9FM0lLak1vMkN2bWppbWViTm8uR1h3Y1d4L2pZWHBRSEtPQ00zUWdzeXh4TTBX", salt: "c2FsdA==",
            encoded: ImportedHashSignInTests.hashes["bcrypt 2a"]!, formatName: "bcrypt"),
        // PBKDF2ImportedHashTests' vectors, base64.urlsafe_b64encode.
        Case(
            parameters: FirebaseHashParameters(algorithm: "PBKDF2_SHA256", rounds: 1000),
            passwordHash: "Bux-b5IdxACaMPyKZAABaLYSJcbxS16-x-eyvSkraRE=", salt: "nzphwuB7TRil8MOy1OaYFw==",
            encoded: PBKDF2ImportedHashTests.vectors[0], formatName: "pbkdf2_sha256"),
        Case(
            parameters: FirebaseHashParameters(algorithm: "PBKDF_SHA1", rounds: 1000),
            passwordHash: "6OisSmVqqc-WWlvNfbbGolfxxtA=", salt: "nzphwuB7TRil8MOy1OaYFw==",
            encoded: PBKDF2ImportedHashTests.vectors[1], formatName: "pbkdf_sha1"),
        // HMACImportedHashTests' vectors, base64.urlsafe_b64encode.
        Case(
            parameters: FirebaseHashParameters(algorithm: "HMAC_SHA256", signerKey: hmacKey),
            passwordHash: "bBVaqia3pOgofHywyMAG7ezJoX0wKYCsRD1DTOjjf_A=", salt: hmacSalt,
            encoded: HMACImportedHashTests.text("sha256", "ps"), formatName: "hmac_sha256"),
        Case(
            parameters: FirebaseHashParameters(algorithm: "HMAC_SHA256", signerKey: hmacKey, passwordHashOrder: "PASSWORD_AND_SALT"),
            passwordHash: "bBVaqia3pOgofHywyMAG7ezJoX0wKYCsRD1DTOjjf_A=", salt: hmacSalt,
            encoded: HMACImportedHashTests.text("sha256", "ps"), formatName: "hmac_sha256"),
        Case(
            parameters: FirebaseHashParameters(algorithm: "HMAC_SHA256", signerKey: hmacKey, passwordHashOrder: "SALT_AND_PASSWORD"),
            passwordHash: "fi8yHg4U0meMyCqmZil98irdjZz0tVGGkALC2b4OS48=", salt: hmacSalt,
            encoded: HMACImportedHashTests.text("sha256", "sp"), formatName: "hmac_sha256"),
        Case(
            parameters: FirebaseHashParameters(algorithm: "HMAC_SHA512", signerKey: hmacKey),
            passwordHash: "6yC9ShMpMuAGXR-BK1QIzVbFYCPyuiH6qLgHgvNM5v7yG5OlKQfeVDtTnIvEmfyLnc6E6EgaF-cxC3mRWgptWQ==", salt: hmacSalt,
            encoded: HMACImportedHashTests.text("sha512", "ps"), formatName: "hmac_sha512"),
        Case(
            parameters: FirebaseHashParameters(algorithm: "HMAC_SHA1", signerKey: hmacKey, passwordHashOrder: "SALT_AND_PASSWORD"),
            passwordHash: "reXIQbHNkl5nmUWdHwu9_kHjMpo=", salt: hmacSalt,
            encoded: HMACImportedHashTests.text("sha1", "sp"), formatName: "hmac_sha1"),
        Case(
            parameters: FirebaseHashParameters(algorithm: "HMAC_MD5", signerKey: hmacKey),
            passwordHash: "utB9oGiOgdSU4kKZcis8zg==", salt: hmacSalt,
            encoded: HMACImportedHashTests.text("md5", "ps"), formatName: "hmac_md5"),
    ]

    @Test("each algorithm gives its own kind of hash, which verifies the password", arguments: cases)
    func buildsTheHash(_ test: Case) throws {
        try test.parameters.validate()
        let hash = try test.parameters.hash(passwordHash: test.passwordHash, salt: test.salt)
        #expect(hash.formatName == test.formatName)
        #expect(hash == (try ImportedPasswordHash(parsing: test.encoded)))
        #expect(ImportedPasswordVerifier.verify(Self.password, against: hash))
        #expect(!ImportedPasswordVerifier.verify(Self.password + "x", against: hash))
    }

    @Test("the standard alphabet is read too, and the algorithm whatever its case")
    func standardAlphabetAndCase() throws {
        let parameters = FirebaseHashParameters(
            algorithm: "hmac_sha256", signerKey: "XB4Kd9K5TwPopsWdcbIPRDjnrRbJ9QKLTX46kbbATy4", passwordHashOrder: "SALT_AND_PASSWORD")
        let hash = try parameters.hash(passwordHash: "fi8yHg4U0meMyCqmZil98irdjZz0tVGGkALC2b4OS48", salt: "obLD1OX2Bxg")
        #expect(hash.encoded == HMACImportedHashTests.text("sha256", "sp"))
    }

    @Test("an HMAC account without a salt hashes the password alone")
    func hmacWithoutSalt() throws {
        let parameters = FirebaseHashParameters(algorithm: "HMAC_SHA256", signerKey: Self.hmacKey)
        // HMACImportedHashTests.unsalted's digest, URL-safe.
        let hash = try parameters.hash(passwordHash: "5Fj_TyM0ZjNTQBn9xxbq8cQLS8hRlHGP9R-Ny_U95sQ=", salt: nil)
        #expect(hash.encoded == HMACImportedHashTests.unsalted)
        #expect(ImportedPasswordVerifier.verify(Self.password, against: hash))
    }

    static let refused: [(FirebaseHashParameters, String)] = [
        (FirebaseHashParameters(algorithm: "SCRYPT", rounds: 8, memoryCost: 14), "signerKey"),
        (FirebaseHashParameters(algorithm: "SCRYPT", signerKey: hmacKey, memoryCost: 14), "rounds"),
        (FirebaseHashParameters(algorithm: "SCRYPT", signerKey: hmacKey, rounds: 8), "memoryCost"),
        (FirebaseHashParameters(algorithm: "SCRYPT", signerKey: "", rounds: 8, memoryCost: 14), "empty signer key"),
        (FirebaseHashParameters(algorithm: "SCRYPT", signerKey: hmacKey, rounds: 9, memoryCost: 14), "rounds above 8"),
        (FirebaseHashParameters(algorithm: "SCRYPT", signerKey: hmacKey, rounds: 8, memoryCost: 15), "memoryCost above 14"),
        (FirebaseHashParameters(algorithm: "STANDARD_SCRYPT", cpuMemCost: 16, parallelization: 1, blockSize: 8), "dkLen"),
        (FirebaseHashParameters(algorithm: "STANDARD_SCRYPT", parallelization: 1, blockSize: 8, dkLen: 32), "cpuMemCost"),
        (FirebaseHashParameters(algorithm: "STANDARD_SCRYPT", cpuMemCost: 1000, parallelization: 1, blockSize: 8, dkLen: 32), "N = 1000"),
        (FirebaseHashParameters(algorithm: "STANDARD_SCRYPT", cpuMemCost: 16, parallelization: 1, blockSize: 8, dkLen: 8), "dkLen 8"),
        (FirebaseHashParameters(algorithm: "PBKDF2_SHA256"), "rounds"),
        (FirebaseHashParameters(algorithm: "PBKDF_SHA1", rounds: 0), "zero rounds"),
        (FirebaseHashParameters(algorithm: "HMAC_SHA256"), "signerKey"),
        (FirebaseHashParameters(algorithm: "HMAC_MD5", signerKey: ""), "empty key"),
        (FirebaseHashParameters(algorithm: "HMAC_SHA1", signerKey: "not base64!"), "bad base64 key"),
        (FirebaseHashParameters(algorithm: "HMAC_SHA384", signerKey: hmacKey), "unknown HMAC"),
        (FirebaseHashParameters(algorithm: "HMAC_SHA256", signerKey: hmacKey, passwordHashOrder: "SALT_FIRST"), "unknown order"),
        (FirebaseHashParameters(algorithm: "ROT13"), "unknown algorithm"),
        (FirebaseHashParameters(algorithm: ""), "no algorithm"),
    ]

    @Test("missing or impossible parameters are refused by validate() and by hash()")
    func refusedParameters() {
        for (parameters, what) in Self.refused {
            #expect(throws: ImportedHashError.self, "\(what)") { try parameters.validate() }
            #expect(throws: ImportedHashError.self, "\(what)") { try parameters.hash(passwordHash: "AAAA", salt: "AAAA") }
        }
    }

    @Test("plain digests and ARGON2 are refused as unsupported, with a reason", arguments: ["MD5", "SHA1", "SHA256", "SHA512", "ARGON2"])
    func unsupportedAlgorithms(algorithm: String) {
        let parameters = FirebaseHashParameters(algorithm: algorithm, rounds: 1)
        #expect {
            try parameters.validate()
        } throws: { error in
            guard case .unsupported(_, let reason) = error as? ImportedHashError else { return false }
            return !reason.isEmpty
        }
    }

    @Test("costs above the limits are refused as costs")
    func costs() {
        let tooCostly = [
            FirebaseHashParameters(algorithm: "PBKDF2_SHA256", rounds: ImportedHashLimits.pbkdf2Iterations.upperBound + 1),
            // 128 · 2^20 · 8 bytes: 1 GiB.
            FirebaseHashParameters(algorithm: "STANDARD_SCRYPT", cpuMemCost: 1 << 20, parallelization: 1, blockSize: 8, dkLen: 32),
        ]
        for parameters in tooCostly {
            #expect {
                try parameters.validate()
            } throws: { error in
                if case .costTooHigh = error as? ImportedHashError { true } else { false }
            }
        }
    }

    @Test("an account's fields that do not fit the parameters are refused")
    func refusedAccounts() {
        let standard = Self.cases[1]
        let accounts: [(FirebaseHashParameters, String, String?)] = [
            (standard.parameters, "not base64!", standard.salt),
            (standard.parameters, standard.passwordHash, "not base64!"),
            // Shorter than dkLen.
            (standard.parameters, "59ZdZgdg1Jl3un44M7Qp2A==", standard.salt),
            // A PBKDF2 account needs a salt.
            (Self.cases[3].parameters, Self.cases[3].passwordHash, nil),
            // A BCRYPT account's hash must be a bcrypt string: here base64 of "$scrypt$…".
            (FirebaseHashParameters(algorithm: "BCRYPT"), "JHNjcnlwdCRsbj00LHI9MSxwPTEk", nil),
            // The bcrypt string itself, not base64 of it.
            (FirebaseHashParameters(algorithm: "BCRYPT"), ImportedHashSignInTests.hashes["bcrypt 2a"]!, nil),
            // An HMAC_SHA256 hash must be 32 bytes.
            (Self.cases[5].parameters, "utB9oGiOgdSU4kKZcis8zg==", Self.hmacSalt),
        ]
        for (parameters, passwordHash, salt) in accounts {
            #expect(throws: ImportedHashError.self, "\(passwordHash)") {
                try parameters.hash(passwordHash: passwordHash, salt: salt)
            }
        }
    }
}
