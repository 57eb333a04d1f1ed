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
import GatehouseCore

extension AccountService {
    /// The stored form of a `password_hash` brought from another system, or GoTrue's 400 with
    /// what is wrong with it (never the hash itself). Parsing is the import's check: a string
    /// that does not parse, or whose cost would make every sign-in too slow, is not stored.
    static func importedHash(_ text: String) throws(AuthError) -> String {
        do {
            return try ImportedPasswordHash(parsing: text).encoded
        } catch {
            throw .validation("Invalid password_hash: \(error.description)")
        }
    }
}
