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
import Logging
import Testing

@testable import GatehouseServer

/// The services over a scratch database, with a clock the test moves by hand and seeded
/// randomness: no HTTP, no sleeping. Time passes only when the test says so.
struct ServiceFixture {
    let services: GatehouseServices
    let clock: ManualServerClock
    var environment: ServerEnvironment { services.environment }
    static let client = ClientInfo(address: "192.0.2.1", userAgent: "service-tests")

    /// Runs `body` with services built for `backend`; `configure` adjusts the settings first.
    static func with(
        _ backend: Backend, seed: UInt64 = 12, configure: (inout ServerConfiguration) -> Void = { _ in },
        _ body: (ServiceFixture) async throws -> Void
    ) async throws {
        let scratch = try await ScratchDatabase.make(backend)
        var configuration = ServerConfiguration(jwtSecret: TestServer.jwtSecret)
        configuration.databaseURL = scratch.url
        configuration.bcryptCost = 4
        configure(&configuration)
        let logger = Logger(label: "service-tests")
        let store = try await openStore(configuration: configuration, logger: logger)
        // Near the wall clock: JWT signatures are also checked against real time by the library.
        let clock = ManualServerClock(Timestamp.now())
        var environment = try await ServerEnvironment.live(configuration: configuration, store: store, logger: logger)
        environment.clock = clock.clock
        environment.random = .seeded(seed)
        let fixture = ServiceFixture(services: GatehouseServices(environment: environment), clock: clock)
        // PostgreSQL's client pool works only while its `run()` runs (the application runs it
        // as a service); cancelled when the test is done.
        let pool = Task { _ = try? await store.connectionService?.run() }
        do {
            try await Migrations.apply(to: store, logger: logger)
            try await body(fixture)
        } catch {
            await fixture.close(store, pool, scratch)
            throw error
        }
        await fixture.close(store, pool, scratch)
    }

    private func close(_ store: any SQLStore, _ pool: Task<Void, Never>, _ scratch: ScratchDatabase) async {
        pool.cancel()
        await pool.value
        await store.shutdown()
        await environment.hasher.shutdown()
        await scratch.drop()
    }

    /// A confirmed account with `password`.
    @discardableResult
    func account(_ email: String, password: String = "correct horse 1") async throws -> UserRecord {
        try await services.accounts.adminCreateUser(AdminUserRequest(email: email, password: password, emailConfirm: true))
    }

    /// Mints a recovery link and code for `email` as the outbox worker does when it sends the
    /// email; returns the link's token and the code.
    func recoveryEmail(to email: String) async throws -> (token: String, code: String) {
        let minted = try await services.mail.issueOneTimeTokens([OneTimeTokenRequest(purpose: .recovery, email: email)])
        let context = try #require(minted.first??.context)
        let link = try #require(context.link.flatMap(URLComponents.init(string:)))
        let token = try #require(link.queryItems?.first { $0.name == "token" }?.value)
        return (token, try #require(context.code))
    }
}
