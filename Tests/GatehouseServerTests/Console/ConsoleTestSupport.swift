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
import GatehouseCore
import HTTPTypes
import Testing

@testable import GatehouseServer

/// A browser on the admin console, through the router (a `WebFormClient` on `/admin/…`).
extension WebFormClient {
    /// The console's sign-in: the form's page (for its CSRF token), then the post.
    mutating func consoleSignIn(_ email: String, _ password: String = TestServer.password) async throws -> Reply {
        let page = try await get("/admin/login")
        let csrf = try #require(WebFormClient.hiddenField("csrf", in: page), "\(page)")
        return try await post("/admin/login", ["csrf": csrf, "email": email, "password": password])
    }

    /// Posts a console form with the CSRF token of the page at `page`.
    mutating func consolePost(_ path: String, from page: String, _ fields: [String: String] = [:]) async throws -> Reply {
        let shown = try await get(page)
        let csrf = try #require(WebFormClient.hiddenField("csrf", in: shown), "\(shown)")
        return try await post(path, fields.merging(["csrf": csrf]) { current, _ in current })
    }
}

/// Databases with an operator (a confirmed account promoted with `gatehouse users promote`'s
/// operation) and an ordinary account, both with `TestServer.password`.
enum ConsoleFixture {
    struct Accounts: Sendable {
        let operatorEmail: String
        let operatorId: String
        let userEmail: String
    }

    static func withAccounts(
        _ backend: Backend, _ body: @escaping @Sendable (ScratchDatabase, Accounts) async throws -> Void
    ) async throws {
        try await TestServer.withDatabase(backend) { database in
            // The server makes the database; the operator commands work on it (they make none).
            try await GatehouseAdministration.migrate(configuration: TestServer.configuration(databaseURL: database.url))
            let accounts = try await OperatorUsers.with(configuration: TestServer.configuration(databaseURL: database.url)) { users in
                let admin = try await users.create(
                    email: TestServer.uniqueEmail("operator"), password: TestServer.password, confirmed: true)
                _ = try await users.promote(admin.email)
                let user = try await users.create(email: TestServer.uniqueEmail("user"), password: TestServer.password, confirmed: true)
                return Accounts(operatorEmail: admin.email, operatorId: admin.id, userEmail: user.email)
            }
            try await body(database, accounts)
        }
    }

    /// Runs `body` on the operator-side store (`gatehouse users …`'s operations).
    static func users(_ database: ScratchDatabase, _ body: @escaping @Sendable (OperatorUsers) async throws -> Void) async throws {
        try await OperatorUsers.with(configuration: TestServer.configuration(databaseURL: database.url), body)
    }
}

extension Reply {
    var location: String? { header("Location") }

    /// The `Set-Cookie` header that sets `name`, if any.
    func setCookie(_ name: String) -> String? {
        headers[values: .setCookie].first { $0.hasPrefix(name + "=") }
    }
}
