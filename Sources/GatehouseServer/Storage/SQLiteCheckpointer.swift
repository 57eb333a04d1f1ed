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

import GatehouseSQLite
import Logging
import NIOPosix
import SQLKit
import ServiceLifecycle

/// Checkpoints SQLite's write-ahead log in the background, so requests rarely wait for it.
///
/// By default SQLite checkpoints inside whichever commit pushes the WAL past 1,000 pages: that
/// commit copies the WAL into the database and syncs both files while every queued writer waits.
/// At 1,000 recovery requests a second that was the whole latency tail (p99 8.9 ms). While this
/// service runs the writer does not checkpoint. Instead a connection of its own, on a thread of
/// its own, runs PASSIVE checkpoints, which copy and sync beside the writer: every `busyInterval`
/// while the WAL grows, every `interval` once it has stopped (`SQLiteCheckpointPace`).
///
/// A checkpoint running beside a busy writer never quite catches up, and SQLite starts the WAL
/// over only once one has; left alone the file grew by 30 MB a second under that load. So once
/// the WAL holds `restartAbovePages`, a RESTART checkpoint runs with writes held, and the next
/// write starts the WAL over. Before it, beside the writes, the database file is synced: the
/// PASSIVE checkpoints copy pages into it without syncing, and the RESTART, which reaches the
/// end of the WAL, would otherwise write all of them out while the writes wait
/// (Benchmarks/PROFILE.md, "The RESTART's sync"). On shutdown the writer's own checkpointing is
/// restored.
struct SQLiteCheckpointer: Service {
    let store: SQLiteStore
    var interval: Duration = .milliseconds(250)
    var busyInterval: Duration = .milliseconds(25)
    var restartAbovePages = 16_384

    func run() async throws {
        let threadPool = NIOThreadPool(numberOfThreads: 1)
        threadPool.start()
        var opened: SQLiteDirectConnection?
        do {
            opened = try await threadPool.runIfActive { [path = store.path] in
                let connection = try SQLiteDirectConnection.open(path: path, role: .reader)
                // RESTART waits for readers with writes held: never long. If it cannot finish
                // within this, it reports busy and the next tick tries again.
                do { try connection.execute("PRAGMA busy_timeout = 100") } catch {
                    connection.close()
                    throw error
                }
                return connection
            }
            try await store.writeStatement { try await $0.raw("PRAGMA wal_autocheckpoint = 0").run() }
        } catch {
            if let opened { try? await threadPool.runIfActive { opened.close() } }
            try? await threadPool.shutdownGracefully()
            // The writer keeps checkpointing as before: slower under load, never wrong. Returning
            // now would end the service group (and the server) with it, so wait for shutdown.
            store.logger.warning("SQLite: background checkpoints unavailable", metadata: ["error": "\(String(reflecting: error))"])
            try? await gracefulShutdown()
            return
        }
        guard let connection = opened else { return }
        var pace = SQLiteCheckpointPace(idle: interval, busy: busyInterval)
        var wait = interval
        while !Task.isShuttingDownGracefully {
            let pause = wait
            do {
                try await cancelWhenGracefulShutdown { try await Task.sleep(for: pause) }
            } catch {
                break
            }
            wait = pace.wait(afterWALFrames: await checkpoint(connection, on: threadPool))
        }
        try? await store.writeStatement { try await $0.raw("PRAGMA wal_autocheckpoint = 1000").run() }
        _ = try? await threadPool.runIfActive { try connection.checkpoint(.passive) }
        try? await threadPool.runIfActive { connection.close() }
        try? await threadPool.shutdownGracefully()
    }

    /// One PASSIVE checkpoint, and a RESTART after it when the WAL has grown past
    /// `restartAbovePages`. Returns the frames the PASSIVE one found in the WAL (nil: it failed).
    private func checkpoint(_ connection: SQLiteDirectConnection, on threadPool: NIOThreadPool) async -> Int? {
        do {
            let passive = try await threadPool.runIfActive { try connection.checkpoint(.passive) }
            guard passive.walFrames >= restartAbovePages else { return passive.walFrames }
            try await threadPool.runIfActive { try connection.syncDatabaseFile() }
            _ = try await store.holdingWrites { try await threadPool.runIfActive { try connection.checkpoint(.restart) } }
            return passive.walFrames
        } catch {
            store.logger.warning("SQLite: checkpoint failed", metadata: ["error": "\(String(reflecting: error))"])
            return nil
        }
    }
}
