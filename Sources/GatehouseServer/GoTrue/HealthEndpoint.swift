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
import Hummingbird

/// `GET /health`: GoTrue's liveness answer (name, version, description). Public; it touches
/// nothing, so it says the process serves, not that the database answers (`/health/ready` does:
/// `ReadinessEndpoint`).
struct HealthEndpoint {
    struct Health: Encodable {
        var version = GatehouseVersion.version
        var name = "Gatehouse"
        var description = "Gatehouse is a GoTrue-compatible user registration and authentication API"
    }

    func show(_ request: Request, context: GatehouseRequestContext) async throws -> Response {
        try JSONBody.response(Health())
    }
}
