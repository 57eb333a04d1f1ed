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

import SQLKit

/// What readiness and the operator commands ask of the database itself, not of its data: whether
/// it answers, and which migrations `schema_migrations` records.
enum SchemaProbe {
    /// Throws unless the database answers a query.
    static func ping(_ store: any SQLStore) async throws {
        try await store.read { try await $0.raw("SELECT 1").run() }
    }

    /// The versions recorded as applied; throws when there is no `schema_migrations` table (a
    /// database Gatehouse never migrated) or no answer.
    static func appliedVersions(_ store: any SQLStore) async throws -> Set<Int> {
        try await store.read { database in
            let rows = try await database.raw("SELECT version FROM schema_migrations").all()
            return Set(try rows.map { try $0.decode(column: "version", as: Int.self) })
        }
    }
}
