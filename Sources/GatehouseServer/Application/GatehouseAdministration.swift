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

/// Operations of the `gatehouse` command other than serving.
public enum GatehouseAdministration {
    public static func migrate(configuration: ServerConfiguration) async throws {
        try await withStore(configuration) { _ in }
    }

    public static func apiKeys(configuration: ServerConfiguration, validForDays days: Int) async throws -> [(String, String)] {
        let signer = await TokenSigner(secret: configuration.jwtSecret, issuer: configuration.issuer, lifetime: configuration.jwtExpiry)
        return [
            ("anon", try await signer.roleToken("anon", validFor: days * 86_400)),
            ("service_role", try await signer.roleToken("service_role", validFor: days * 86_400)),
        ]
    }

    /// Median milliseconds of one verify at `cost`, on the hasher the server uses.
    public static func bcryptVerifyMilliseconds(cost: Int, iterations: Int) async throws -> Double {
        let hasher = PasswordHasher(cost: cost, threads: 1)
        let samples = try await hasher.measureVerify(iterations: iterations).sorted()
        await hasher.shutdown()
        return samples[samples.count / 2]
    }

    /// `gatehouse mail status`: the outbox as JSON (counts by state, recent dead jobs with their
    /// errors redacted, as `/admin/mail` answers).
    public static func mailStatus(configuration: ServerConfiguration) async throws -> String {
        let status = try await withStore(configuration) { store in
            try await Store(sql: store, logger: Logger(label: "gatehouse")).perform { try await $0.outbox.status() }
        }.redactingErrors()
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return String(decoding: try encoder.encode(OutboxStatusPayload(status)), as: UTF8.self)
    }

    /// `gatehouse mail test --to`: sends one message now through the configured transport (not
    /// through the outbox, so the result is known before the command exits).
    public static func sendTestMail(configuration: ServerConfiguration, to address: String) async throws -> Result<
        String, MailDeliveryError
    > {
        let logger = Logger(label: "gatehouse.mail")
        return try await withStore(configuration) { store in
            let transport = try TransportFactory.make(configuration.mail, store: store, logger: logger)
            let product = configuration.mail.productName
            let message = MailMessage(
                from: configuration.mail.from, to: MailAddress(address), subject: "\(product) test message",
                text:
                    "This is a test message from \(product), sent with the \(transport.name) transport.\n\nIf you can read this, mail delivery works.",
                html:
                    "<p>This is a test message from \(product), sent with the <strong>\(transport.name)</strong> transport.</p><p>If you can read this, mail delivery works.</p>"
            )
            do throws(MailDeliveryError) {
                try await transport.send(message)
                return .success("sent to \(address) with \(transport.name)")
            } catch {
                return .failure(error)
            }
        }
    }

    /// Opens the configured store, applies migrations, runs `body`, and closes the store. The
    /// PostgreSQL pool serves queries only while its `run()` is running, so it runs alongside.
    /// `existing`: only a database the server made (`ExistingDatabase`), never a new one.
    static func withStore<T: Sendable>(
        _ configuration: ServerConfiguration, existing: Bool = false, _ body: @escaping @Sendable (any SQLStore) async throws -> T
    ) async throws -> T {
        let logger = Logger(label: "gatehouse.admin")
        if existing { try ExistingDatabase.checkFile(configuration) }
        // A command does one thing at a time: a pool of two, not the server's, which PostgreSQL's
        // pool would open in full at start.
        var configuration = configuration
        configuration.databasePoolSize = min(configuration.databasePoolSize, 2)
        let store = try await openStore(configuration: configuration, logger: logger)
        if let connection = store.connectionService {
            return try await withThrowingTaskGroup(of: T?.self) { group in
                group.addTask {
                    try await connection.run()
                    return nil
                }
                defer { group.cancelAll() }
                if existing { try await ExistingDatabase.checkSchema(store, configuration) }
                try await Migrations.apply(to: store, logger: logger)
                return try await body(store)
            }
        }
        do {
            if existing { try await ExistingDatabase.checkSchema(store, configuration) }
            try await Migrations.apply(to: store, logger: logger)
            let result = try await body(store)
            await store.shutdown()
            return result
        } catch {
            await store.shutdown()
            throw error
        }
    }
}
