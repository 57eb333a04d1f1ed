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

/// Whether the database serves this binary: it answers a query, and every migration this binary
/// knows (`Migrations.all`) is recorded in `schema_migrations`. A database that knows more (a newer
/// instance migrated it during a rolling update) still serves this one: migrations only add.
struct DatabaseReadiness: Sendable, Encodable, Equatable {
    enum Database: String, Sendable, Encodable {
        case reachable, unreachable
    }

    enum Migrations: String, Sendable, Encodable {
        /// Every migration of this binary is applied.
        case current
        /// Some are not (yet): another instance may be applying them.
        case pending
        /// They could not be read (no database answer, or no `schema_migrations` table).
        case unknown
    }

    var database: Database
    var migrations: Migrations

    var isReady: Bool { database == .reachable && migrations == .current }

    /// Checks `store`, giving up after `limit`: a database that does not answer in time counts as
    /// unreachable (an orchestrator's probe has its own short deadline).
    static func check(_ store: any SQLStore, within limit: Duration) async -> DatabaseReadiness {
        await check(within: limit) { await probe(store) }
    }

    /// Answers `probe`'s result, or unreachable once `limit` has passed (`answer(within:)`: the
    /// probe is cancelled then but not waited for).
    static func check(within limit: Duration, probe: @escaping @Sendable () async -> DatabaseReadiness) async -> DatabaseReadiness {
        await answer(within: limit, probe) ?? DatabaseReadiness(database: .unreachable, migrations: .unknown)
    }

    private static func probe(_ store: any SQLStore) async -> DatabaseReadiness {
        do {
            try await SchemaProbe.ping(store)
        } catch {
            return DatabaseReadiness(database: .unreachable, migrations: .unknown)
        }
        guard let applied = try? await SchemaProbe.appliedVersions(store) else {
            return DatabaseReadiness(database: .reachable, migrations: .unknown)
        }
        let known = Set(GatehouseServer.Migrations.all.map(\.version))
        return DatabaseReadiness(database: .reachable, migrations: known.isSubset(of: applied) ? .current : .pending)
    }
}
