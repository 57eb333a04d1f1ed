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
import SQLKit

/// The operator's listing (`gatehouse users list --email`): a page of users whose address
/// contains a fragment, newest first, and how many match in all.
extension UserRepository {
    func list(offset: Int, limit: Int, emailContaining fragment: String) async throws -> [UserRecord] {
        let pattern = Self.containsPattern(fragment)
        return try await database.raw(
            "SELECT \(unsafeRaw: Self.columns) \(unsafeRaw: Self.from) WHERE u.email LIKE \(bind: pattern) ESCAPE '\\' ORDER BY u.created_at DESC, u.id DESC LIMIT \(bind: limit) OFFSET \(bind: offset)"
        ).all().map(Self.decode)
    }

    func count(emailContaining fragment: String) async throws -> Int {
        let pattern = Self.containsPattern(fragment)
        let row = try await database.raw(
            "SELECT COUNT(*) AS total FROM users u WHERE u.email LIKE \(bind: pattern) ESCAPE '\\'"
        ).first()
        return try row?.decode(column: "total", as: Int.self) ?? 0
    }

    /// `%fragment%` with LIKE's own wildcards escaped, so `_` and `%` in an address match
    /// themselves. Addresses are stored lowercased, so the fragment is lowercased too (SQLite's
    /// LIKE ignores ASCII case, PostgreSQL's does not).
    static func containsPattern(_ fragment: String) -> String {
        var escaped = ""
        for character in fragment.lowercased() {
            if character == "\\" || character == "%" || character == "_" { escaped.append("\\") }
            escaped.append(character)
        }
        return "%" + escaped + "%"
    }
}
