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

import ArgumentParser
import Foundation
import GatehouseServer

/// `gatehouse backup --to FILE`: an online copy of the SQLite database (consistent while the
/// server runs and writes); for PostgreSQL, how to use `pg_dump` instead (exit code 4).
struct BackupCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "backup", abstract: "Copy the SQLite database to a file while the server keeps running.",
        discussion: "Exit codes: 0 ok, 1 failed, 2 no database, 3 the file exists, 4 PostgreSQL (use pg_dump), 64 usage."
    )

    @Option(help: "The backup file to write (must not exist, or be empty).") var to: String

    func run() async throws {
        let configuration = try loadConfiguration()
        let destination = to
        let report = try await OperatorExit.guarding {
            try await GatehouseAdministration.backup(
                configuration: configuration, to: destination, progress: Progress.reporter("backing up"))
        }
        print("backed up to \(report.path): \(Progress.size(report.bytes)), schema version \(report.schemaVersion), \(report.users) users")
    }
}

/// `gatehouse restore --from FILE`: puts a backup in place of the SQLite database, refusing
/// while a server holds the data folder or when the file is not a Gatehouse database.
struct RestoreCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "restore", abstract: "Replace the SQLite database with a backup (the server must be stopped).",
        discussion:
            "The replaced database is kept beside it as gatehouse.sqlite.replaced-<time>. Exit codes: 0 ok, 1 failed, 2 no such file, "
            + "3 refused (a server is running, not a Gatehouse database, or made by a newer version), 4 PostgreSQL (use pg_restore), 64 usage."
    )

    @Option(help: "The backup file to restore.") var from: String

    func run() async throws {
        let configuration = try loadConfiguration()
        let source = from
        let report = try await OperatorExit.guarding {
            try await GatehouseAdministration.restore(configuration: configuration, from: source, progress: Progress.reporter("restoring"))
        }
        print(
            "restored \(report.path) from \(source): \(Progress.size(report.bytes)), schema version \(report.schemaVersion), \(report.users) users"
        )
        if let kept = report.replacedKeptAt { print("the replaced database is kept at \(kept)") }
    }
}

/// Progress of a long file operation on standard error: a line each time another tenth is done.
enum Progress {
    static func reporter(_ label: String) -> @Sendable (Int64, Int64) -> Void {
        let lastTenth = LastTenth()
        return { done, total in
            guard total > 0 else { return }
            let tenth = Int(min(10, done * 10 / total))
            guard lastTenth.advance(to: tenth) else { return }
            FileHandle.standardError.write(Data("\(label): \(tenth * 10)% (\(size(done)) of \(size(total)))\n".utf8))
        }
    }

    static func size(_ bytes: Int64) -> String {
        ByteCountFormatter.string(fromByteCount: bytes, countStyle: .file)
    }

    /// The last tenth reported, so each is printed once.
    final class LastTenth: @unchecked Sendable {
        private let lock = NSLock()
        private var value = -1

        func advance(to tenth: Int) -> Bool {
            lock.lock()
            defer { lock.unlock() }
            guard tenth > value else { return false }
            value = tenth
            return true
        }
    }
}
