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
import Testing

@testable import GatehouseServer

/// `gatehouse users …` works on the server's database: run where there is none (no
/// `GATEHOUSE_DATA_DIR`, a mistyped one), it says so instead of quietly creating and migrating an
/// empty database that the operator then manages by mistake.
@Suite("Operator commands: no database")
struct OperatorDatabaseMissingTests {
    static func configuration(dataDirectory: String, databaseURL: String? = nil) -> ServerConfiguration {
        var configuration = ServerConfiguration(jwtSecret: TestServer.jwtSecret)
        configuration.dataDirectory = dataDirectory
        configuration.databaseURL = databaseURL
        configuration.bcryptCost = 4
        configuration.logLevel = .critical
        return configuration
    }

    static func failure(_ configuration: ServerConfiguration) async -> OperatorFailure? {
        do {
            _ = try await OperatorUsers.with(configuration: configuration) { try await $0.list(page: 1, perPage: 10, emailContaining: nil) }
            return nil
        } catch {
            return error as? OperatorFailure
        }
    }

    @Test("a data folder without a database: not found, naming the path and the settings; nothing is created")
    func missingDataFolder() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("gatehouse-nodb-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let failure = try #require(await Self.failure(Self.configuration(dataDirectory: folder)), "a database was made")
        #expect(failure.kind == .notFound)
        #expect(failure.message.contains(folder + "/gatehouse.sqlite"), "\(failure.message)")
        #expect(failure.message.contains("GATEHOUSE_DATA_DIR"), "\(failure.message)")
        #expect(!FileManager.default.fileExists(atPath: folder + "/gatehouse.sqlite"))
    }

    @Test("a sqlite:// URL naming no file: not found, nothing is created")
    func missingFile() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("gatehouse-nodb-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/other.sqlite"
        let failure = try #require(await Self.failure(Self.configuration(dataDirectory: folder, databaseURL: "sqlite://" + path)))
        #expect(failure.kind == .notFound)
        #expect(failure.message.contains(path), "\(failure.message)")
        #expect(!FileManager.default.fileExists(atPath: path))
    }

    @Test("a database without Gatehouse's schema (PostgreSQL's empty database, an empty file): not found", arguments: Backend.all)
    func emptyDatabase(_ backend: Backend) async throws {
        let database = try await ScratchDatabase.make(backend)
        if backend == .sqlite, let path = URLComponents(string: database.url)?.path {
            FileManager.default.createFile(atPath: path, contents: Data())
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("gatehouse-nodb-\(UUID().uuidString)").path
        let failure = await Self.failure(Self.configuration(dataDirectory: folder, databaseURL: database.url))
        await database.drop()
        #expect(failure?.kind == .notFound, "\(String(describing: failure))")
    }

    @Test("the server's database is found and used", arguments: Backend.all)
    func existing(_ backend: Backend) async throws {
        try await TestServer.withDatabase(backend) { database in
            try await TestServer.run(on: database) { api in _ = try await api.signedInUser() }
            let users = try await OperatorUsers.with(
                configuration: Self.configuration(dataDirectory: "/nonexistent", databaseURL: database.url)
            ) {
                try await $0.list(page: 1, perPage: 10, emailContaining: nil)
            }
            #expect(users.total == 1)
        }
    }
}
