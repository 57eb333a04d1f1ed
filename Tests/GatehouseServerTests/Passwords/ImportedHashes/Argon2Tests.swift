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

/// The Argon2 engine: RFC 9106's test vectors for the three variants (with secret and
/// associated data), argon2-cffi's raw hashes across versions, memory sizes that are not a
/// multiple of four lanes, several lanes and long tags, and parameters it must refuse.
@Suite("Argon2")
struct Argon2Tests {
    @Test("RFC 9106 section 5 and argon2-cffi vectors", arguments: ImportedHashVectors.all.argon2Raw)
    func referenceVectors(vector: ImportedHashVectors.Argon2RawVector) throws {
        let variants: [String: Argon2.Variant] = ["argon2d": .d, "argon2i": .i, "argon2id": .id]
        let expected = bytes(hex: vector.tagHex)
        let parameters = Argon2.Parameters(
            variant: try #require(variants[vector.type]), version: try #require(Argon2.Version(rawValue: vector.version)),
            memoryKiB: vector.memoryKib, passes: vector.passes, lanes: vector.lanes, tagLength: expected.count)
        let tag = Argon2.hash(
            password: bytes(hex: vector.passwordHex), salt: bytes(hex: vector.saltHex), secret: bytes(hex: vector.secretHex),
            associatedData: bytes(hex: vector.associatedDataHex), parameters: parameters)
        #expect(tag == expected)
    }

    @Test("the RFC's three vectors are among them")
    func rfcVectorsPresent() {
        let sources = ImportedHashVectors.all.argon2Raw.map(\.source)
        for section in ["5.1", "5.2", "5.3"] {
            #expect(sources.contains("RFC 9106 section \(section)"))
        }
    }

    @Test("parameters outside RFC 9106's ranges or the import limits give no tag")
    func refusedParameters() {
        let salt = [UInt8](repeating: 2, count: 16)
        let valid = Argon2.Parameters(variant: .id, memoryKiB: 64, passes: 1, lanes: 2, tagLength: 32)
        #expect(Argon2.hash(password: [1], salt: salt, parameters: valid) != nil)
        var cases: [Argon2.Parameters] = []
        for change in [
            { (p: inout Argon2.Parameters) in p.lanes = 0 }, { $0.memoryKiB = 15 }, { $0.passes = 0 }, { $0.tagLength = 3 },
            { $0.memoryKiB = ImportedHashLimits.argon2MemoryKiB + 1 }, { $0.passes = ImportedHashLimits.argon2Passes + 1 },
            { $0.lanes = ImportedHashLimits.argon2Lanes + 1 },
        ] {
            var parameters = valid
            change(&parameters)
            cases.append(parameters)
        }
        for parameters in cases {
            #expect(Argon2.hash(password: [1], salt: salt, parameters: parameters) == nil, "\(parameters)")
        }
        #expect(Argon2.hash(password: [1], salt: [UInt8](repeating: 2, count: 7), parameters: valid) == nil)
    }
}
