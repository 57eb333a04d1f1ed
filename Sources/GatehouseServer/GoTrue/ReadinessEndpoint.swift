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

import Hummingbird

/// `GET /health/ready`: readiness, for orchestrators and load balancers (`/health` is liveness and
/// touches nothing). 200 when the database answers and its migrations are this binary's, 503
/// otherwise; the body says which: `{"status": "ready"|"not_ready", "database":
/// "reachable"|"unreachable", "migrations": "current"|"pending"|"unknown"}`. Public, like `/health`:
/// it reveals no more than whether the service can serve.
struct ReadinessEndpoint {
    let service: GatehouseServices

    /// A database that has not answered by then is reported unreachable (503); a probe's own
    /// deadline may be shorter, and then it counts the check as failed anyway.
    static let timeLimit: Duration = .seconds(5)

    struct Answer: Encodable {
        var status: String
        var database: DatabaseReadiness.Database
        var migrations: DatabaseReadiness.Migrations
    }

    func add(to router: Router<GatehouseRequestContext>) {
        router.get("health/ready") { request, context in try await show(request, context: context) }
    }

    func show(_ request: Request, context: GatehouseRequestContext) async throws -> Response {
        let readiness = await DatabaseReadiness.check(service.environment.store.sql, within: Self.timeLimit)
        let answer = Answer(
            status: readiness.isReady ? "ready" : "not_ready", database: readiness.database, migrations: readiness.migrations)
        return try JSONBody.response(answer, status: readiness.isReady ? .ok : .serviceUnavailable)
    }
}
