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

/// `gatehouse backup` and `gatehouse restore`: an online copy of the SQLite database, and
/// putting one back in place while no server has the data folder.
extension GatehouseAdministration {
    /// What a finished backup or restore reports.
    public struct DatabaseFileReport: Sendable {
        public let path: String
        public let bytes: Int64
        public let schemaVersion: Int
        public let users: Int
        /// Restore only: where the database it replaced was kept (nil when there was none).
        public let replacedKeptAt: String?
    }

    /// The SQLite file of this configuration; nil when the store is PostgreSQL.
    public static func sqliteDatabasePath(_ configuration: ServerConfiguration) -> String? {
        guard let url = configuration.databaseURL else { return configuration.dataDirectory + "/gatehouse.sqlite" }
        if url.hasPrefix("sqlite://") { return String(url.dropFirst("sqlite://".count)) }
        return nil
    }

    /// For `serve`: the shared hold on the SQLite data folder, kept while the server runs so
    /// `gatehouse restore` refuses to replace the database under it. Nil for PostgreSQL.
    public static func holdDataFolder(_ configuration: ServerConfiguration) throws -> DataFolderLock? {
        guard let path = sqliteDatabasePath(configuration) else { return nil }
        if configuration.databaseURL == nil { try PrivateFiles.prepareDirectory(configuration.dataDirectory) }
        guard let lock = try DataFolderLock.acquire(databasePath: path, .shared) else {
            throw ConfigurationError(
                "a restore of \(path) is in progress (\(DataFolderLock.path(for: path)) is locked); start the server once it has finished")
        }
        return lock
    }

    /// What to do instead on PostgreSQL, where the database server owns the files.
    public static let postgresBackupGuidance = """
        The store is PostgreSQL: back it up with PostgreSQL's own tools, which take a consistent
        snapshot while Gatehouse instances keep running:
            pg_dump --format=custom --file=gatehouse.dump "$GATEHOUSE_DATABASE_URL"
        and restore into an empty database (stop the instances first):
            pg_restore --clean --if-exists --no-owner --dbname="$GATEHOUSE_DATABASE_URL" gatehouse.dump
        """

    /// Copies the SQLite database to `destination` while a server may be running and writing.
    public static func backup(
        configuration: ServerConfiguration, to destination: String, progress: @escaping @Sendable (Int64, Int64) -> Void
    ) async throws(OperatorFailure) -> DatabaseFileReport {
        guard let source = sqliteDatabasePath(configuration) else { throw OperatorFailure(.unsupported, postgresBackupGuidance) }
        guard FileManager.default.fileExists(atPath: source) else {
            throw OperatorFailure(.notFound, "no database at \(source) (check GATEHOUSE_DATA_DIR or GATEHOUSE_DATABASE_URL)")
        }
        if SQLiteDatabaseFile.fileSize(destination) > 0 {
            throw OperatorFailure(.refused, "\(destination) exists and is not empty; a backup never overwrites a file")
        }
        let logger = Logger(label: "gatehouse.backup")
        do {
            // 0600 from the start: the copy holds password hashes and session rows.
            try PrivateFiles.prepareFile(destination)
            try await SQLiteDatabaseFile.copy(from: source, to: destination, logger: logger, progress: progress)
            let inspection = try await SQLiteDatabaseFile.inspect(destination, logger: logger)
            return DatabaseFileReport(
                path: destination, bytes: inspection.bytes, schemaVersion: inspection.schemaVersion, users: inspection.users,
                replacedKeptAt: nil)
        } catch {
            throw OperatorFailure(.failed, "the backup failed: \(error)")
        }
    }

    /// Replaces the SQLite database with the copy at `source`: only a sound Gatehouse database
    /// no newer than this build, only while no server holds the data folder; the database it
    /// replaces (with its WAL) is kept beside it, renamed `….replaced-<time>`.
    public static func restore(
        configuration: ServerConfiguration, from source: String, progress: @escaping @Sendable (Int64, Int64) -> Void
    ) async throws(OperatorFailure) -> DatabaseFileReport {
        guard let target = sqliteDatabasePath(configuration) else { throw OperatorFailure(.unsupported, postgresBackupGuidance) }
        guard FileManager.default.fileExists(atPath: source) else { throw OperatorFailure(.notFound, "no file at \(source)") }
        let logger = Logger(label: "gatehouse.restore")
        let inspection = try await inspectForRestore(source, logger: logger)
        do {
            if configuration.databaseURL == nil { try PrivateFiles.prepareDirectory(configuration.dataDirectory) }
            guard let lock = try DataFolderLock.acquire(databasePath: target, .exclusive) else {
                throw OperatorFailure(
                    .refused,
                    "a Gatehouse server is running on \(target) (it holds \(DataFolderLock.path(for: target))); stop it before restoring")
            }
            let keptAt = try DatabaseFileSwap.moveAside(target)
            try DatabaseFileSwap.copy(from: source, to: target, progress: progress)
            withExtendedLifetime(lock) {}
            return DatabaseFileReport(
                path: target, bytes: inspection.bytes, schemaVersion: inspection.schemaVersion, users: inspection.users,
                replacedKeptAt: keptAt)
        } catch let error as OperatorFailure {
            throw error
        } catch {
            throw OperatorFailure(.failed, "the restore failed: \(error)")
        }
    }

    private static func inspectForRestore(_ source: String, logger: Logger) async throws(OperatorFailure) -> SQLiteDatabaseFile.Inspection {
        let inspection: SQLiteDatabaseFile.Inspection
        do {
            inspection = try await SQLiteDatabaseFile.inspect(source, logger: logger)
        } catch let error as SQLiteDatabaseFile.InspectionError {
            throw OperatorFailure(.refused, "\(source) is not a Gatehouse database: \(error)")
        } catch {
            throw OperatorFailure(.refused, "\(source) is not a Gatehouse database: it is not an SQLite database (\(error))")
        }
        let known = SQLiteDatabaseFile.knownSchemaVersion
        guard inspection.schemaVersion <= known else {
            throw OperatorFailure(
                .refused,
                "\(source) was made by a newer Gatehouse (schema version \(inspection.schemaVersion); this one knows up to \(known))")
        }
        return inspection
    }
}
