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

/// `RouteTable.routes`, what `gatehouse routes` prints: read from the router `buildRouter` makes.
@Suite("Route table: the listing")
struct RouteListTests {
    static func configuration() -> ServerConfiguration {
        var configuration = ServerConfiguration(jwtSecret: TestServer.jwtSecret)
        // Never opened: the listing builds its router over a throwaway SQLite file.
        configuration.databaseURL = "postgres://nobody:nothing@127.0.0.1:1/none"
        configuration.bcryptCost = 4
        return configuration
    }

    @Test("every GoTrue route is served at the root and under /auth/v1, with the same methods")
    func bothMounts() async throws {
        let routes = try await RouteTable.routes(configuration: Self.configuration())
        let prefixed = Set(routes.filter { $0.path.hasPrefix("/auth/v1/") }.map { "\($0.method) \($0.path.dropFirst("/auth/v1".count))" })
        let atRoot = Set(routes.filter { !$0.path.hasPrefix("/auth/v1/") }.map { "\($0.method) \($0.path)" })
        #expect(prefixed.count == 47, "\(prefixed.sorted())")
        #expect(prefixed.isSubset(of: atRoot), "\(prefixed.subtracting(atRoot).sorted())")
    }

    @Test("the listing is sorted and names each route once, adapters included")
    func sortedAndComplete() async throws {
        let routes = try await RouteTable.routes(configuration: Self.configuration())
        #expect(routes == routes.sorted { ($0.path, $0.method) < ($1.path, $1.method) })
        #expect(Set(routes.map { "\($0.method) \($0.path)" }).count == routes.count)
        for expected in [
            "POST /functions/v1/send-reset-email", "POST /api/request_password_reset", "POST /api/reset_password",
            "GET /login", "POST /login", "GET /assets/{name}", "HEAD /verify",
        ] {
            #expect(routes.contains { "\($0.method) \($0.path)" == expected }, "\(expected)")
        }
    }
}
