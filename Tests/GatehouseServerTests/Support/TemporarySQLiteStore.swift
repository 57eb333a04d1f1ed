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
import Logging

@testable import GatehouseServer

/// Runs `body` on an SQLite store in a folder of its own (migrated unless asked not to), then
/// closes the store and removes the folder, also when `body` throws.
func withTemporarySQLiteStore(migrated: Bool = true, _ body: (SQLiteStore) async throws -> Void) async throws {
    let logger = Logger(label: "temporary-sqlite-store")
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("gatehouse-test-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let store = try await SQLiteStore.open(path: directory.appendingPathComponent("db.sqlite").path, logger: logger)
    do {
        if migrated { try await Migrations.apply(to: store, logger: logger) }
        try await body(store)
    } catch {
        await store.shutdown()
        throw error
    }
    await store.shutdown()
}
