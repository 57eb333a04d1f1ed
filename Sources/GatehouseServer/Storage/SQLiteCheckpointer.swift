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

import Logging
import NIOPosix
import SQLKit
import SQLiteKit
import ServiceLifecycle

/// Checkpoints SQLite's write-ahead log in the background, so requests rarely wait for it.
///
/// By default SQLite checkpoints inside whichever commit pushes the WAL past 1,000 pages: that
/// commit copies the WAL into the database and syncs both files while every queued writer waits.
/// At 1,000 recovery requests a second that was the whole latency tail (p99 8.9 ms). While this
/// service runs the writer does not checkpoint. Instead a connection of its own, on a thread of
/// its own, runs a PASSIVE checkpoint every `interval`, which copies and syncs beside the writer.
///
/// A checkpoint running beside a busy writer never quite catches up, and SQLite starts the WAL
/// over only once one has; left alone the file grew by 30 MB a second under that load. So once
/// the WAL holds `restartAbovePages`, a RESTART checkpoint runs with writes held: it only has
/// the last few milliseconds' pages left to copy (measured 2–5 ms, about twice a second at that
/// load), and the next write starts the WAL over. On shutdown the writer's own checkpointing is
/// restored.
struct SQLiteCheckpointer: Service {
    let store: SQLiteStore
    var interval: Duration = .milliseconds(250)
    var restartAbovePages = 16_384

    func run() async throws {
        let threadPool = NIOThreadPool(numberOfThreads: 1)
        threadPool.start()
        var opened: SQLiteConnection?
        do {
            opened = try await SQLiteConnection.open(
                storage: .file(path: store.path), threadPool: threadPool, logger: store.logger,
                on: MultiThreadedEventLoopGroup.singleton.any()
            )
            // RESTART waits for readers with writes held: never long. If it cannot finish within
            // this, it reports busy and the next tick tries again.
            try await opened?.sql(queryLogLevel: nil).raw("PRAGMA busy_timeout = 100").run()
            try await store.writeStatement { try await $0.raw("PRAGMA wal_autocheckpoint = 0").run() }
        } catch {
            await opened?.closeEvenIfCancelled()
            try? await threadPool.shutdownGracefully()
            // The writer keeps checkpointing as before: slower under load, never wrong. Returning
            // now would end the service group (and the server) with it, so wait for shutdown.
            store.logger.warning("SQLite: background checkpoints unavailable", metadata: ["error": "\(String(reflecting: error))"])
            try? await gracefulShutdown()
            return
        }
        guard let connection = opened else { return }
        let database = connection.sql(queryLogLevel: nil)
        while !Task.isShuttingDownGracefully {
            do {
                try await cancelWhenGracefulShutdown { try await Task.sleep(for: interval) }
            } catch {
                break
            }
            await checkpoint(database)
        }
        try? await store.writeStatement { try await $0.raw("PRAGMA wal_autocheckpoint = 1000").run() }
        _ = try? await Self.checkpoint(mode: "PASSIVE", on: database)
        await connection.closeEvenIfCancelled()
        try? await threadPool.shutdownGracefully()
    }

    private func checkpoint(_ database: any SQLDatabase) async {
        do {
            let pages = try await Self.checkpoint(mode: "PASSIVE", on: database)
            if pages >= restartAbovePages {
                _ = try await store.holdingWrites { try await Self.checkpoint(mode: "RESTART", on: database) }
            }
        } catch {
            store.logger.warning("SQLite: checkpoint failed", metadata: ["error": "\(String(reflecting: error))"])
        }
    }

    /// Runs one checkpoint; returns the pages the WAL held.
    static func checkpoint(mode: String, on database: any SQLDatabase) async throws -> Int {
        let row = try await database.raw("PRAGMA wal_checkpoint(\(unsafeRaw: mode))").first()
        return try row?.decode(column: "log", as: Int.self) ?? 0
    }
}
