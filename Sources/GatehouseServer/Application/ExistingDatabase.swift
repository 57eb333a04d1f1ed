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

/// The operator commands that manage the server's data (`gatehouse users …`) work on a database
/// the server made. Where there is none (no `GATEHOUSE_DATA_DIR` in a shell, a mistyped path, an
/// empty PostgreSQL database), they say so rather than create and migrate a new one and report
/// on it as if it were the server's.
enum ExistingDatabase {
    /// The SQLite file `configuration` opens, nil for PostgreSQL.
    static func sqlitePath(_ configuration: ServerConfiguration) -> String? {
        guard let url = configuration.databaseURL else { return configuration.dataDirectory + "/gatehouse.sqlite" }
        return url.hasPrefix("sqlite://") ? String(url.dropFirst("sqlite://".count)) : nil
    }

    /// Where the database is, as a message may show it (a PostgreSQL password masked).
    static func location(_ configuration: ServerConfiguration) -> String {
        sqlitePath(configuration) ?? EffectiveSetting.masked(configuration.databaseURL ?? "")
    }

    static func missing(_ configuration: ServerConfiguration) -> OperatorFailure {
        OperatorFailure(
            .notFound,
            "no Gatehouse database at \(location(configuration)): set GATEHOUSE_DATA_DIR (or GATEHOUSE_DATABASE_URL) to the "
                + "server's; `gatehouse migrate` makes a new one")
    }

    /// Before opening: a SQLite file that is not there (opening would create it).
    static func checkFile(_ configuration: ServerConfiguration) throws(OperatorFailure) {
        if let path = sqlitePath(configuration), !FileManager.default.fileExists(atPath: path) { throw missing(configuration) }
    }

    /// Once open: the database answers, but has no `schema_migrations` table (an empty file or database).
    static func checkSchema(_ store: any SQLStore, _ configuration: ServerConfiguration) async throws {
        try await SchemaProbe.ping(store)
        do {
            _ = try await SchemaProbe.appliedVersions(store)
        } catch {
            throw missing(configuration)
        }
    }
}

extension OperatorUsers {
    /// `ExistingDatabase.checkFile` from the environment alone, before the configuration is read:
    /// in development, reading it makes a JWT secret in the data folder, which a command run in
    /// the wrong folder should not leave behind. A bad value is left to the configuration's error.
    public static func checkDatabaseFile(environment env: [String: String] = ProcessInfo.processInfo.environment)
        throws(OperatorFailure)
    {
        let reader = EnvironmentReader(env)
        var configuration = ServerConfiguration(jwtSecret: "")
        do {
            configuration.dataDirectory = try reader.read(ServerSettings.dataDirectory)
            configuration.databaseURL = try reader.read(ServerSettings.databaseURL)
        } catch {
            return
        }
        try ExistingDatabase.checkFile(configuration)
    }
}
