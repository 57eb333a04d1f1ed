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

/// argon2 PHC strings made by argon2-cffi (argon2i and argon2id, versions 0x13 and 0x10) and
/// GoTrue's test vectors, and the strings GoTrue refuses.
@Suite("Imported argon2 hashes")
struct Argon2PHCHashTests {
    @Test("both variants and both versions are covered by the vectors")
    func coverage() {
        let heads = Set(ImportedHashVectors.hashes("argon2").map { $0.hash.split(separator: "$").prefix(2).joined(separator: "$") })
        #expect(heads.isSuperset(of: ["argon2i$v=19", "argon2id$v=19", "argon2i$v=16", "argon2id$v=16"]))
    }

    @Test("a string without a version is version 0x10")
    func missingVersion() throws {
        let vector = try #require(ImportedHashVectors.hashes("argon2").first { $0.hash.hasPrefix("$argon2i$v=16$") })
        let unversioned = vector.hash.replacingOccurrences(of: "$v=16$", with: "$")
        #expect(ImportedPasswordVerifier.verify(vector.password, againstEncoded: unversioned))
        #expect(try ImportedPasswordHash(parsing: unversioned).encoded == vector.hash)
    }

    static let base = "$argon2id$v=19$m=16,t=2,p=1$bGJRWThNOHJJTVBSdHl2dQ$NfEnUOuUpb7F2fQkgFUG4g"

    /// GoTrue's refusals, and more.
    static let refused: [String] = [
        base.replacingOccurrences(of: "argon2id", with: "argon2d"),
        base.replacingOccurrences(of: "v=19", with: "v=18"),
        base.replacingOccurrences(of: "p=1", with: "p=1,data=abc"),
        base.replacingOccurrences(of: "p=1", with: "p=1,keyid=abc"),
        base.replacingOccurrences(of: "m=16", with: "m=4294967297"),
        base.replacingOccurrences(of: "t=2", with: "t=4294967297"),
        base.replacingOccurrences(of: "p=1", with: "p=256"),
        base.replacingOccurrences(of: "m=16", with: "m=7"),
        base.replacingOccurrences(of: "t=2", with: "t=0"),
        base.replacingOccurrences(of: "p=1", with: "p=0"),
        base.replacingOccurrences(of: "m=16,t=2", with: "t=2,m=16"),
        base.replacingOccurrences(of: "bGJRWThNOHJJTVBSdHl2dQ", with: "!!!"),
        base.replacingOccurrences(of: "NfEnUOuUpb7F2fQkgFUG4g", with: "!!!"),
        base.replacingOccurrences(of: "bGJRWThNOHJJTVBSdHl2dQ", with: ""),
        base.replacingOccurrences(of: "NfEnUOuUpb7F2fQkgFUG4g", with: ""),
        base.replacingOccurrences(of: "bGJRWThNOHJJTVBSdHl2dQ", with: "bGJRWThN"),  // 6-byte salt
        base.replacingOccurrences(of: "NfEnUOuUpb7F2fQkgFUG4g", with: "NfEnUOuUpb7F2fQ"),  // 11-byte hash
        base.replacingOccurrences(of: "NfEnUOuUpb7F2fQkgFUG4g", with: "NfEnUOuUpb7F2fQkgFUG4g=="),  // padded
        base + "$",
        "$argon2id$v=19$m=16,t=2,p=1",
    ]

    @Test(
        "memory, passes and lanes above the limits are refused, as costs",
        arguments: [
            "m=262145,t=1,p=1", "m=16,t=11,p=1", "m=128,t=2,p=9", "m=262144,t=5,p=1", "m=9999999999,t=9999999999,p=1",
        ])
    func limits(parameters: String) {
        let text = Self.base.replacingOccurrences(of: "m=16,t=2,p=1", with: parameters)
        #expect {
            try ImportedPasswordHash(parsing: text)
        } throws: { error in
            if case .costTooHigh = error as? ImportedHashError { true } else { false }
        }
    }
}
