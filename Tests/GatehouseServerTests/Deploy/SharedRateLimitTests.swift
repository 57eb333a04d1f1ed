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

import GatehouseCore
import Testing

@testable import GatehouseServer

/// Several instances on one PostgreSQL database share each client's request budget: the buckets
/// live in the database there (a limit of N is N in total, not N per instance). SQLite serves one
/// instance, its buckets stay in memory (the route-table tests cover them).
@Suite("Deploying: rate limits shared by instances")
struct SharedRateLimitTests {
    /// PostgreSQL only: two instances on one SQLite file is not a deployment Gatehouse supports.
    static let sharedBackends = Backend.all.filter { $0 == .postgres }

    static func oneRequestPerBucket(_ configuration: inout ServerConfiguration) {
        configuration.rateLimits.burst = 1
        configuration.rateLimits.otpPerFiveMinutes = 1
        configuration.rateLimits.tokenPerFiveMinutes = 1
    }

    @Test("a second instance refuses the request the first one allowed", arguments: sharedBackends)
    func secondInstanceSeesTheFirstOnesRequest(_ backend: Backend) async throws {
        try await TestServer.withDatabase(backend) { database in
            let first = try await TestServer.run(on: database, configure: Self.oneRequestPerBucket) { api in
                try await api.send(.post, "/recover", json: ["email": TestServer.uniqueEmail()])
            }
            #expect(first.status == .ok, "\(first)")
            let second = try await TestServer.run(on: database, configure: Self.oneRequestPerBucket) { api in
                try await api.send(.post, "/recover", json: ["email": TestServer.uniqueEmail()])
            }
            #expect(second.status == .tooManyRequests, "\(second)")
            #expect(second.errorCode == "over_request_rate_limit")
            #expect(second.header("Retry-After").flatMap(Int.init).map { $0 >= 1 && $0 <= 300 } == true, "\(second.headers)")
            // Another bucket of the same client is untouched.
            let token = try await TestServer.run(on: database, configure: Self.oneRequestPerBucket) { api in
                try await api.send(.post, "/token?grant_type=password", json: ["email": TestServer.uniqueEmail(), "password": "x"])
            }
            #expect(token.status != .tooManyRequests, "\(token)")
        }
    }

    @Test("parallel requests to two instances get no more than the burst in total", arguments: sharedBackends)
    func parallelRequestsShareTheBurst(_ backend: Backend) async throws {
        try await TestServer.withDatabase(backend) { database in
            // Two apps at once on one database, ten requests each, all racing.
            async let left = TestServer.run(on: database, configure: Self.fiveRequests) { api in try await Self.burst(api, count: 10) }
            async let right = TestServer.run(on: database, configure: Self.fiveRequests) { api in try await Self.burst(api, count: 10) }
            let allowed = try await left + right
            #expect(allowed == 5)
        }
    }

    static func fiveRequests(_ configuration: inout ServerConfiguration) {
        configuration.rateLimits.burst = 5
        configuration.rateLimits.otpPerFiveMinutes = 1
    }

    /// Sends `count` recover requests at once; answers how many were not refused.
    static func burst(_ api: API, count: Int) async throws -> Int {
        try await withThrowingTaskGroup(of: Bool.self) { group in
            for _ in 0..<count {
                group.addTask {
                    try await api.send(.post, "/recover", json: ["email": TestServer.uniqueEmail()]).status != .tooManyRequests
                }
            }
            return try await group.reduce(0) { $0 + ($1 ? 1 : 0) }
        }
    }
}
