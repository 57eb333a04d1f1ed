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
import NIOCore
import NIOPosix
import SQLKit
import SQLiteKit

/// SQLite, the zero-setup default: one writer connection whose use is serialized in-process
/// (so writers queue in order instead of sleeping in SQLite's busy handler, which would ruin tail
/// latency) and a few reader connections that WAL lets run beside it.
///
/// Every connection is a `SQLiteDirectConnection`, which keeps its statements prepared; the
/// writer can also run a batch of them in one call (`writeDirect`). Each read statement borrows a
/// free reader for its length (`SQLiteReaderPoolDatabase`). Statements run on the calling thread
/// (`SQLiteDirectDatabase.withConnection` says why).
public final class SQLiteStore: SQLStore {
    public let engine = SQLEngine.sqlite
    /// The database file, for connections opened beside these (`SQLiteCheckpointer`).
    let path: String
    let logger: Logger
    private let writer: SQLiteDirectConnection
    private let writerDatabase: SQLiteDirectDatabase
    private let readers: AsyncResourcePool<SQLiteDirectDatabase>
    private let readerDatabase: SQLiteReaderPoolDatabase
    private let writeLock = AsyncSerialLock()
    /// Each write's wait for the writer (`gatehouse_db_pool_wait_seconds`), when metrics are kept.
    private let poolWaits: DatabasePoolWaits?

    /// One reader per thread of NIO's pool (where every statement runs), at least two: a thread
    /// never waits for a reader while another stands idle.
    public static let defaultReaderCount = max(2, System.coreCount)

    public static func open(path: String, readerCount: Int = defaultReaderCount, logger: Logger) async throws -> SQLiteStore {
        try await open(path: path, readerCount: readerCount, logger: logger, metrics: nil)
    }

    /// The same, recording into `metrics` how long each write waits for the writer.
    static func open(path: String, readerCount: Int = defaultReaderCount, logger: Logger, metrics: GatehouseMetrics?) async throws
        -> SQLiteStore
    {
        // 0600 before SQLite opens it: SQLite gives its -wal and -shm files the database's mode.
        if path != ":memory:" {
            try PrivateFiles.prepareFile(path)
            for suffix in ["-wal", "-shm"] { try PrivateFiles.tightenIfPresent(path + suffix) }
        }
        // The writer first: it creates the file and puts it in WAL mode, which the readers need.
        let writer = try await NIOThreadPool.singleton.runIfActive { try SQLiteDirectConnection.open(path: path) }
        let eventLoops = MultiThreadedEventLoopGroup.singleton
        var readers: [SQLiteDirectConnection] = []
        do {
            for _ in 0..<max(1, readerCount) {
                readers.append(try await NIOThreadPool.singleton.runIfActive { try SQLiteDirectConnection.open(path: path, role: .reader) })
            }
        } catch {
            let opened = readers + [writer]
            try? await NIOThreadPool.singleton.runIfActive { for connection in opened { connection.close() } }
            throw error
        }
        return SQLiteStore(
            path: path, logger: logger, writer: writer, readers: readers,
            poolWaits: metrics?.databasePoolWaits(.sqlite, pooledReads: false),
            eventLoop: eventLoops.any())
    }

    private init(
        path: String, logger: Logger, writer: SQLiteDirectConnection, readers: [SQLiteDirectConnection], poolWaits: DatabasePoolWaits?,
        eventLoop: any EventLoop
    ) {
        self.path = path
        self.logger = logger
        self.writer = writer
        writerDatabase = SQLiteDirectDatabase(connection: writer, logger: logger, eventLoop: eventLoop)
        self.readers = AsyncResourcePool(readers.map { SQLiteDirectDatabase(connection: $0, logger: logger, eventLoop: eventLoop) })
        readerDatabase = SQLiteReaderPoolDatabase(readers: self.readers, logger: logger, eventLoop: eventLoop)
        self.poolWaits = poolWaits
    }

    public func read<T: Sendable>(_ body: @escaping @Sendable (any SQLDatabase) async throws -> T) async throws -> T {
        try await body(readerDatabase)
    }

    public func write<T: Sendable>(_ body: @escaping @Sendable (any SQLDatabase) async throws -> T) async throws -> T {
        try await withWriter { try await inTransaction($0, begin: "BEGIN IMMEDIATE", body) }
    }

    public func writeStatement<T: Sendable>(_ body: @escaping @Sendable (any SQLDatabase) async throws -> T) async throws -> T {
        try await withWriter(body)
    }

    /// Runs `body` on the writer in one call, between BEGIN IMMEDIATE and COMMIT, in its turn
    /// among the other writes: for batches of a few statements run often (`EmailRequestCommitter`,
    /// the outbox's settlements), which through SQLKit would each be a statement built, encoded
    /// and awaited on its own.
    func writeDirect<T: Sendable>(_ body: @escaping @Sendable (SQLiteDirectConnection) throws -> T) async throws -> T {
        let database = writerDatabase
        return try await withWriterTurn { try await database.withConnection { writer in try writer.inTransaction { try body(writer) } } }
    }

    /// The writer for `body`, once the writes ahead of it are done.
    private func withWriter<T: Sendable>(_ body: @escaping @Sendable (any SQLDatabase) async throws -> T) async throws -> T {
        let database = writerDatabase
        return try await withWriterTurn { try await body(database) }
    }

    /// Waits for the writes ahead, then runs `body` alone; the wait is recorded from the call to
    /// the lock (`gatehouse_db_pool_wait_seconds`).
    ///
    /// Statements run on the calling thread, so a task writing turn after turn would keep its
    /// thread until it suspends for something else, and background work (the checkpointer) could
    /// wait behind it. It yields once the writer is released, not while holding it: a yield
    /// waits behind every task that is ready, and the writes queued for the lock would wait too.
    private func withWriterTurn<T: Sendable>(_ body: () async throws -> T) async throws -> T {
        let asked = ContinuousClock.now
        let result = try await writeLock.withLock {
            poolWaits?.record(.write, since: asked)
            return try await body()
        }
        await Task.yield()
        return result
    }

    /// Runs `body` while no write can start (for `SQLiteCheckpointer`, on a connection of its own).
    /// It takes the lock directly rather than through `withWriterTurn`: a checkpoint's hold is not
    /// a write, and counting it would distort `gatehouse_db_pool_wait_seconds`.
    func holdingWrites<T: Sendable>(_ body: @escaping @Sendable () async throws -> T) async throws -> T {
        try await writeLock.withLock { try await body() }
    }

    public func shutdown() async {
        // Connections must be closed before they are released.
        let writer = self.writer
        try? await writeLock.withLock { try await NIOThreadPool.singleton.runIfActive { writer.close() } }
        try? await readers.withEveryResource { readers in
            try await NIOThreadPool.singleton.runIfActive { for reader in readers { reader.connection.close() } }
        }
    }
}
