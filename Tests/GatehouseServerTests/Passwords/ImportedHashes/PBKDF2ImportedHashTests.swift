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

/// PBKDF2 with SHA-256 and SHA-1 (Firebase's `PBKDF2_SHA256` and `PBKDF_SHA1`) in Gatehouse's
/// `$pbkdf2-…$` form.
@Suite("Imported PBKDF2 hashes")
struct PBKDF2ImportedHashTests {
    static let password = "correct horse battery staple"

    /// Made with Python's standard library:
    /// `hashlib.pbkdf2_hmac(name, b"correct horse battery staple", salt, iterations, dklen)`,
    /// salt = bytes.fromhex("9f3a61c2e07b4d18a5f0c3b2d4e69817"), written with
    /// base64.b64encode without its padding.
    static let vectors: [String] = [
        // sha256, 1000 iterations, 32 bytes.
        "$pbkdf2-sha256$i=1000$nzphwuB7TRil8MOy1OaYFw$Bux+b5IdxACaMPyKZAABaLYSJcbxS16+x+eyvSkraRE",
        // sha1, 1000 iterations, 20 bytes.
        "$pbkdf2-sha1$i=1000$nzphwuB7TRil8MOy1OaYFw$6OisSmVqqc+WWlvNfbbGolfxxtA",
        // sha256, 2 iterations, 64 bytes: a derived key of two blocks.
        "$pbkdf2-sha256$i=2$nzphwuB7TRil8MOy1OaYFw$3ngEYTdDALWf2aqcE7/l5XRjWydF/1UTHCqylrtKM5VmX4TA8W1LHlieZYrkho/Cerq7ckrWB6KHd0jGau7rEQ",
    ]

    @Test("the canonical string reads back equal, without padding", arguments: vectors)
    func roundTrip(text: String) throws {
        let hash = try ImportedPasswordHash(parsing: text)
        #expect(hash.encoded == text)
        #expect(try ImportedPasswordHash(parsing: hash.encoded) == hash)
    }

    @Test("padded base64 is read too, and written without padding")
    func paddedInput() throws {
        let padded = "$pbkdf2-sha1$i=1000$nzphwuB7TRil8MOy1OaYFw==$6OisSmVqqc+WWlvNfbbGolfxxtA="
        let hash = try ImportedPasswordHash(parsing: padded)
        #expect(hash.encoded == Self.vectors[1])
        #expect(ImportedPasswordVerifier.verify(Self.password, against: hash))
    }

    @Test("each kind has its name and its fields")
    func kinds() throws {
        let sha256 = try ImportedPasswordHash(parsing: Self.vectors[0])
        let sha1 = try ImportedPasswordHash(parsing: Self.vectors[1])
        #expect(sha256.formatName == "pbkdf2_sha256")
        #expect(sha1.formatName == "pbkdf_sha1")
        guard case .pbkdf2(let hash) = sha1 else {
            Issue.record("parsed as \(sha1.formatName)")
            return
        }
        #expect(hash.variant == .sha1)
        #expect(hash.iterations == 1000)
        #expect(hash.salt == bytes(hex: "9f3a61c2e07b4d18a5f0c3b2d4e69817"))
        #expect(hash.hash.count == 20)
    }

    @Test("the SHA-1 digest does not verify as SHA-256, nor the other way round")
    func kindsAreNotInterchangeable() {
        let swapped = [
            Self.vectors[0].replacingOccurrences(of: "pbkdf2-sha256", with: "pbkdf2-sha1"),
            Self.vectors[1].replacingOccurrences(of: "pbkdf2-sha1", with: "pbkdf2-sha256"),
        ]
        for text in swapped {
            #expect(!ImportedPasswordVerifier.verify(Self.password, againstEncoded: text), "\(text)")
        }
    }

    static let salt = "$nzphwuB7TRil8MOy1OaYFw"
    static let digest = "$Bux+b5IdxACaMPyKZAABaLYSJcbxS16+x+eyvSkraRE"

    static let malformed: [String] = [
        "$pbkdf2-sha256$i=0" + salt + digest,  // zero iterations
        "$pbkdf2-sha256$i=01000" + salt + digest,
        "$pbkdf2-sha256$i=-1" + salt + digest,
        "$pbkdf2-sha256$i=" + salt + digest,
        "$pbkdf2-sha256$i=1000,l=32" + salt + digest,
        "$pbkdf2-sha512$i=1000" + salt + digest,  // unknown kind
        "$pbkdf2-$i=1000" + salt + digest,
        "$pbkdf2-sha256$i=1000$" + digest,  // empty salt
        "$pbkdf2-sha256$i=1000$nzphwuB7TRil8MOy1OaY!w" + digest,  // bad base64
        "$pbkdf2-sha256$i=1000$nzphwuB7TRil8MOy1OaYF" + digest,  // impossible length
        "$pbkdf2-sha256$i=1000$nzphwuB7TRil8MOy1OaYFw=" + digest,  // half padding
        "$pbkdf2-sha256$i=1000$nzphwuB7_Ril8MOy1OaYFw" + digest,  // URL-safe alphabet
        "$pbkdf2-sha256$i=1000" + salt + "$AAAA",  // 3-byte hash
        "$pbkdf2-sha256$i=1000" + salt,
        "$pbkdf2-sha256$i=1000" + salt + digest + "$",
    ]

    @Test("zero iterations is refused with its reason")
    func zeroIterations() {
        #expect(throws: ImportedHashError.malformed(format: "PBKDF2", reason: "the iteration count must be at least 1")) {
            try ImportedPasswordHash(parsing: "$pbkdf2-sha256$i=0" + Self.salt + Self.digest)
        }
    }

    @Test("iterations, and iterations times output blocks, above the limit are refused as costs")
    func limits() {
        let limit = ImportedHashLimits.pbkdf2Iterations.upperBound
        // 64 bytes of SHA-256 are two blocks: half the limit each is the whole limit.
        let twoBlocks = "$" + String(repeating: "A", count: 86)
        for (iterations, digest) in [(limit + 1, Self.digest), (limit / 2 + 1, twoBlocks)] {
            #expect {
                try ImportedPasswordHash(parsing: "$pbkdf2-sha256$i=\(iterations)" + Self.salt + digest)
            } throws: { error in
                if case .costTooHigh = error as? ImportedHashError { true } else { false }
            }
        }
        #expect(throws: Never.self) { try ImportedPasswordHash(parsing: "$pbkdf2-sha256$i=\(limit / 2)" + Self.salt + twoBlocks) }
    }

    @Test("passlib's form (a bare count, another alphabet) stays an unknown format")
    func passlibIsUnknown() {
        #expect(throws: ImportedHashError.unknownFormat) {
            try ImportedPasswordHash(parsing: "$pbkdf2-sha256$29000$N2GMkRKidLZYi9.Cl4xzwA$qnQbGmR5xgs1jOSdGjEUyPfHVDxBGRcqSCwb4JRsg3M")
        }
    }

    @Test("Django's hasher derives through the same PBKDF2 and still verifies")
    func djangoSharesTheDerivation() throws {
        let django = try #require(ImportedHashVectors.hashes("django_pbkdf2_sha256").first)
        #expect(ImportedPasswordVerifier.verify(django.password, againstEncoded: django.hash))
        let derived = PBKDF2ImportedHash.derive(
            Array(Self.password.utf8), salt: bytes(hex: "9f3a61c2e07b4d18a5f0c3b2d4e69817"), variant: .sha1, iterations: 1000,
            length: 20)
        #expect(derived.map { ImportedHashBase64.encode($0, padded: false) } == "6OisSmVqqc+WWlvNfbbGolfxxtA")
    }
}
