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

/// Firebase's HMAC kinds (`HMAC_SHA256`, `HMAC_SHA512`, `HMAC_SHA1`, `HMAC_MD5`) in Gatehouse's
/// `$hmac-…$` form, in both orders of password and salt.
@Suite("Imported HMAC hashes")
struct HMACImportedHashTests {
    static let password = "correct horse battery staple"
    static let key = "XB4Kd9K5TwPopsWdcbIPRDjnrRbJ9QKLTX46kbbATy4"
    static let salt = "obLD1OX2Bxg"

    /// Made with Python's standard library: `hmac.new(key, message, name).digest()`, key =
    /// bytes.fromhex("5c1e0a77d2b94f03e8a6c59d71b20f4438e7ad16c9f5028b4d7e3a91b6c04f2e"), salt =
    /// bytes.fromhex("a1b2c3d4e5f60718"), message = b"correct horse battery staple" + salt for
    /// `ps` and salt + the password for `sp`, written with base64.b64encode without its padding.
    static let digests: [String: (ps: String, sp: String)] = [
        "sha256": ("bBVaqia3pOgofHywyMAG7ezJoX0wKYCsRD1DTOjjf/A", "fi8yHg4U0meMyCqmZil98irdjZz0tVGGkALC2b4OS48"),
        "sha512": (
            "6yC9ShMpMuAGXR+BK1QIzVbFYCPyuiH6qLgHgvNM5v7yG5OlKQfeVDtTnIvEmfyLnc6E6EgaF+cxC3mRWgptWQ",
            "lJEOy3xN7gqM06j9+h/Nx4R8xwvuxSYykb5ReH4byXgnnfQuf9R20pM1nAVrT20uzrMMklVTO6P2g5aMZpyAGA"
        ),
        "sha1": ("yiFwR1MR8Du0x+5q92yshYbBBj4", "reXIQbHNkl5nmUWdHwu9/kHjMpo"),
        "md5": ("utB9oGiOgdSU4kKZcis8zg", "0hcD7XiiPji2qnNpIf7LDg"),
    ]

    static func text(_ kind: String, _ order: String, salt: String = salt, digest: String? = nil) -> String {
        let digest = digest ?? (order == "sp" ? digests[kind]!.sp : digests[kind]!.ps)
        return "$hmac-\(kind)$order=\(order)$\(key)$\(salt)$\(digest)"
    }

    static let vectors: [String] = ["sha256", "sha512", "sha1", "md5"].flatMap { [text($0, "ps"), text($0, "sp")] }

    @Test("the canonical string reads back equal, without padding", arguments: vectors)
    func roundTrip(text: String) throws {
        let hash = try ImportedPasswordHash(parsing: text)
        #expect(hash.encoded == text)
        #expect(try ImportedPasswordHash(parsing: hash.encoded) == hash)
    }

    @Test("the order is honoured: each digest verifies in its own order only", arguments: ["sha256", "sha512", "sha1", "md5"])
    func order(kind: String) throws {
        let (ps, sp) = try #require(Self.digests[kind])
        #expect(ImportedPasswordVerifier.verify(Self.password, againstEncoded: Self.text(kind, "ps", digest: ps)))
        #expect(ImportedPasswordVerifier.verify(Self.password, againstEncoded: Self.text(kind, "sp", digest: sp)))
        #expect(!ImportedPasswordVerifier.verify(Self.password, againstEncoded: Self.text(kind, "sp", digest: ps)))
        #expect(!ImportedPasswordVerifier.verify(Self.password, againstEncoded: Self.text(kind, "ps", digest: sp)))
    }

    @Test("each kind has its name and its fields")
    func kinds() throws {
        for (kind, name) in [("sha256", "hmac_sha256"), ("sha512", "hmac_sha512"), ("sha1", "hmac_sha1"), ("md5", "hmac_md5")] {
            #expect(try ImportedPasswordHash(parsing: Self.text(kind, "ps")).formatName == name)
        }
        guard case .hmac(let hash) = try ImportedPasswordHash(parsing: Self.text("sha1", "sp")) else {
            Issue.record("not an HMAC hash")
            return
        }
        #expect(hash.variant == .sha1)
        #expect(hash.order == .saltThenPassword)
        #expect(hash.key == bytes(hex: "5c1e0a77d2b94f03e8a6c59d71b20f4438e7ad16c9f5028b4d7e3a91b6c04f2e"))
        #expect(hash.salt == bytes(hex: "a1b2c3d4e5f60718"))
    }

    /// `hmac.new(key, b"correct horse battery staple", "sha256")`: no salt, the password alone.
    static let unsalted = "$hmac-sha256$order=ps$\(key)$$5Fj/TyM0ZjNTQBn9xxbq8cQLS8hRlHGP9R+Ny/U95sQ"

    @Test("an empty salt hashes the password alone, and reads back")
    func emptySalt() throws {
        let hash = try ImportedPasswordHash(parsing: Self.unsalted)
        #expect(ImportedPasswordVerifier.verify(Self.password, against: hash))
        #expect(!ImportedPasswordVerifier.verify(Self.password + "x", against: hash))
        #expect(hash.encoded == Self.unsalted)
    }

    @Test("padded base64 is read too, and written without padding")
    func paddedInput() throws {
        let padded = "$hmac-md5$order=ps$\(Self.key)=$\(Self.salt)=$utB9oGiOgdSU4kKZcis8zg=="
        let hash = try ImportedPasswordHash(parsing: padded)
        #expect(hash.encoded == Self.text("md5", "ps"))
    }

    static let malformed: [String] = [
        text("sha256", "ps").replacingOccurrences(of: key, with: ""),  // empty key
        text("sha384", "ps", digest: "bBVaqia3pOgofHywyMAG7ezJoX0wKYCsRD1DTOjjf/A"),  // unknown kind
        text("sha256", "ps").replacingOccurrences(of: "hmac-sha256", with: "hmac-"),
        text("sha256", "xy"),
        text("sha256", "ps").replacingOccurrences(of: "order=ps", with: "ps"),
        text("sha256", "ps").replacingOccurrences(of: "order=ps", with: "order=PS"),
        text("sha256", "ps").replacingOccurrences(of: "$order=ps", with: ""),
        text("sha256", "ps", salt: "obLD1OX2B!g"),  // bad base64
        text("sha256", "ps", digest: "bBVaqia3pOgofHywyMAG7ezJoX0wKYCsRD1DTOjjf_A"),  // URL-safe alphabet
        text("sha256", "ps", digest: "bBVaqia3pOgofHywyMAG7ezJoX0wKYCsRD1DTOjjf/"),  // impossible length
        text("sha256", "ps", digest: "utB9oGiOgdSU4kKZcis8zg"),  // an MD5 digest's length
        text("md5", "ps", digest: "bBVaqia3pOgofHywyMAG7ezJoX0wKYCsRD1DTOjjf/A"),  // a SHA-256 digest's length
        text("sha256", "ps") + "$",
        "$hmac-sha256$order=ps$\(key)$\(salt)",
    ]

    @Test("an empty key is refused with its reason, and an unknown kind as unsupported")
    func emptyKeyAndUnknownKind() {
        #expect(throws: ImportedHashError.malformed(format: "HMAC", reason: "the key must be 1 to 256 bytes")) {
            try ImportedPasswordHash(parsing: Self.malformed[0])
        }
        #expect {
            try ImportedPasswordHash(parsing: Self.malformed[1])
        } throws: { error in
            if case .unsupported = error as? ImportedHashError { true } else { false }
        }
    }
}
