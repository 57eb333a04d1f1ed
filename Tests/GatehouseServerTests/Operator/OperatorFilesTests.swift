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

/// `gatehouse config`'s masking, and the data-folder lock `serve` and `restore` share.
@Suite("Operator commands: config and files")
struct OperatorFilesTests {
    @Test("config: values and their source; secrets masked, a database URL keeping all but its password")
    func effectiveSettings() {
        let env = [
            "GATEHOUSE_JWT_SECRET": "a-secret-of-at-least-thirty-two-characters",
            "GATEHOUSE_DATABASE_URL": "postgres://gate:hunter2@db.internal:5432/auth?sslmode=verify-full",
            "GATEHOUSE_PORT": " 8080 ", "GATEHOUSE_HOST": "  ",
        ]
        let settings = Dictionary(uniqueKeysWithValues: EffectiveSetting.all(env).map { ($0.name, $0) })
        #expect(settings.count == ServerSettings.all.count)
        #expect(
            settings["GATEHOUSE_JWT_SECRET"]
                == EffectiveSetting(name: "GATEHOUSE_JWT_SECRET", value: "********", source: .environment, secret: true))
        #expect(settings["GATEHOUSE_DATABASE_URL"]?.value == "postgres://gate:********@db.internal:5432/auth?sslmode=verify-full")
        #expect(settings["GATEHOUSE_PORT"] == EffectiveSetting(name: "GATEHOUSE_PORT", value: "8080", source: .environment, secret: false))
        // Blank is unset, as the server reads it.
        #expect(settings["GATEHOUSE_HOST"] == EffectiveSetting(name: "GATEHOUSE_HOST", value: "127.0.0.1", source: .default, secret: false))
        #expect(EffectiveSetting.masked("postgres://gate@db/auth") == "postgres://gate@db/auth")
        #expect(EffectiveSetting.masked("https://user:pw@example.com") == "********")
    }

    @Test("a server's shared hold on the data folder keeps a restore out, and the other way round")
    func dataFolderLock() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("gatehouse-lock-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let database = folder + "/gatehouse.sqlite"
        let held = try #require(try DataFolderLock.acquire(databasePath: database, .shared))
        var server: DataFolderLock? = held
        #expect(try DataFolderLock.acquire(databasePath: database, .shared) != nil)
        #expect(try DataFolderLock.acquire(databasePath: database, .exclusive) == nil)
        server = nil
        _ = consume held
        let restore = try #require(try DataFolderLock.acquire(databasePath: database, .exclusive))
        #expect(try DataFolderLock.acquire(databasePath: database, .shared) == nil)
        withExtendedLifetime(restore) {}
        _ = server
    }
}
