import Logging
import NIOCore
import NIOPosix
import SQLKit
import SQLiteKit

/// SQLite, the zero-setup default: one writer connection whose use is serialized in-process
/// (so writers queue in order instead of sleeping in SQLite's busy handler, which would ruin tail
/// latency) and a few reader connections that WAL lets run beside it.
public final class SQLiteStore: SQLStore {
    public let engine = SQLEngine.sqlite
    /// The database file, for connections opened beside these (`SQLiteCheckpointer`).
    let path: String
    let logger: Logger
    private let writer: SQLiteConnection
    private let readers: [SQLiteConnection]
    private let writeLock = AsyncSerialLock()
    private let nextReader = LockedCounter()
    /// Each write's wait for the writer (`gatehouse_db_pool_wait_seconds`), when metrics are kept.
    private let poolWaits: DatabasePoolWaits?

    public static func open(path: String, readerCount: Int = 2, logger: Logger) async throws -> SQLiteStore {
        try await open(path: path, readerCount: readerCount, logger: logger, metrics: nil)
    }

    /// The same, recording into `metrics` how long each write waits for the writer.
    static func open(path: String, readerCount: Int = 2, logger: Logger, metrics: GatehouseMetrics?) async throws -> SQLiteStore {
        // 0600 before SQLite opens it: SQLite gives its -wal and -shm files the database's mode.
        if path != ":memory:" {
            try PrivateFiles.prepareFile(path)
            for suffix in ["-wal", "-shm"] { try PrivateFiles.tightenIfPresent(path + suffix) }
        }
        let eventLoops = MultiThreadedEventLoopGroup.singleton
        func connect() async throws -> SQLiteConnection {
            let connection = try await SQLiteConnection.open(
                storage: .file(path: path), threadPool: .singleton, logger: logger, on: eventLoops.any()
            )
            do {
                // Wait rather than fail if another process (an admin command) holds the lock.
                try await connection.sql(queryLogLevel: nil).raw("PRAGMA busy_timeout = 5000").run()
                try await connection.sql(queryLogLevel: nil).raw("PRAGMA foreign_keys = ON").run()
            } catch {
                try? await connection.close()
                throw error
            }
            return connection
        }
        let writer = try await connect()
        do {
            let database = writer.sql(queryLogLevel: nil)
            // WAL lets readers run beside the writer; NORMAL sync keeps commits durable across a
            // process crash (the WAL is synced at checkpoints) at a fraction of FULL's cost.
            try await database.raw("PRAGMA journal_mode = WAL").run()
            try await database.raw("PRAGMA synchronous = NORMAL").run()
            var readers: [SQLiteConnection] = []
            for _ in 0..<max(1, readerCount) { readers.append(try await connect()) }
            return SQLiteStore(
                path: path, logger: logger, writer: writer, readers: readers, poolWaits: metrics?.databasePoolWaits(.sqlite))
        } catch {
            try? await writer.close()
            throw error
        }
    }

    private init(path: String, logger: Logger, writer: SQLiteConnection, readers: [SQLiteConnection], poolWaits: DatabasePoolWaits?) {
        self.path = path
        self.logger = logger
        self.writer = writer
        self.readers = readers
        self.poolWaits = poolWaits
    }

    public func read<T: Sendable>(_ body: @escaping @Sendable (any SQLDatabase) async throws -> T) async throws -> T {
        let reader = readers[nextReader.next() % readers.count]
        return try await body(reader.sql(queryLogLevel: nil))
    }

    public func write<T: Sendable>(_ body: @escaping @Sendable (any SQLDatabase) async throws -> T) async throws -> T {
        try await withWriter { try await inTransaction($0, begin: "BEGIN IMMEDIATE", body) }
    }

    public func writeStatement<T: Sendable>(_ body: @escaping @Sendable (any SQLDatabase) async throws -> T) async throws -> T {
        try await withWriter(body)
    }

    /// The writer for `body`, once the writes ahead of it are done; the wait is recorded from the
    /// call to the lock (`gatehouse_db_pool_wait_seconds`).
    private func withWriter<T: Sendable>(_ body: @escaping @Sendable (any SQLDatabase) async throws -> T) async throws -> T {
        let database = writer.sql(queryLogLevel: nil)
        let asked = ContinuousClock.now
        return try await writeLock.withLock {
            poolWaits?.record(.write, since: asked)
            return try await body(database)
        }
    }

    /// Runs `body` while no write can start (for `SQLiteCheckpointer`, on a connection of its own).
    func holdingWrites<T: Sendable>(_ body: @escaping @Sendable () async throws -> T) async throws -> T {
        try await writeLock.withLock { try await body() }
    }

    public func shutdown() async {
        // An SQLiteConnection must be closed before it is released.
        await writer.closeEvenIfCancelled()
        for reader in readers { await reader.closeEvenIfCancelled() }
    }
}
