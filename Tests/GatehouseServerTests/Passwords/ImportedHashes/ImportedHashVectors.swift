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

import Foundation
import Testing

@testable import GatehouseServer

/// The reference vectors of Vectors/imported_hash_vectors.json, written by
/// Vectors/generate_vectors.py from each format's reference implementation (its header names
/// them), read from the source tree.
struct ImportedHashVectors: Decodable {
    struct Blake2bVector: Decodable {
        let inputHex: String
        let digestLength: Int
        let digestHex: String
        let source: String
    }

    struct Argon2RawVector: Decodable {
        let type: String
        let version: Int
        let memoryKib: Int
        let passes: Int
        let lanes: Int
        let passwordHex: String
        let saltHex: String
        let secretHex: String
        let associatedDataHex: String
        let tagHex: String
        let source: String
    }

    struct FirebaseFields: Decodable {
        let signerKey: String?
        let saltSeparator: String?
        let rounds: Int?
        let memoryCost: Int?
        let blockSize: Int?
        let parallelization: Int?
        let derivedKeyLength: Int?
        let salt: String
        let passwordHash: String
    }

    struct HashVector: Decodable, CustomTestStringConvertible {
        let format: String
        let hash: String
        let password: String
        let firebaseFields: FirebaseFields?
        let source: String

        var testDescription: String { "\(format) from \(source): \(hash.prefix(40))…" }
    }

    let packages: [String: String]
    let blake2b: [Blake2bVector]
    let argon2Raw: [Argon2RawVector]
    let hashes: [HashVector]

    static let all: ImportedHashVectors = {
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Vectors/imported_hash_vectors.json")
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        do {
            return try decoder.decode(ImportedHashVectors.self, from: Data(contentsOf: file))
        } catch {
            fatalError("cannot read \(file.path): \(error)")
        }
    }()

    /// The hash vectors of one format (the JSON's `format`).
    static func hashes(_ format: String) -> [HashVector] {
        all.hashes.filter { $0.format == format }
    }
}

/// Hex as the vectors write it.
func bytes(hex: String) -> [UInt8] {
    let digits = Array(hex.utf8)
    return stride(from: 0, to: digits.count - 1, by: 2).compactMap {
        UInt8(String(decoding: digits[$0...$0 + 1], as: UTF8.self), radix: 16)
    }
}

/// Wrong passwords for a right one: one character changed, empty (or a space, when the right
/// one is empty), and one more character when that stays within bcrypt's 72 bytes (bcrypt reads
/// no further, a limit sign-in enforces before it verifies).
func wrongPasswords(for password: String) -> [String] {
    var changed = Array(password)
    if let first = changed.first { changed[0] = first == "x" ? "y" : "x" }
    let longer = password.utf8.count < 72 ? [password + "x"] : []
    return (longer + [String(changed), password.isEmpty ? " " : ""]).filter { $0 != password }
}
