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

/// `GET /admin/mail`: the outbox's counts by state and its most recent dead jobs.
struct AdminMailEndpoint {
    let service: GatehouseServices

    func status(_ request: Request, context: GatehouseRequestContext) async throws -> Response {
        try JSONBody.response(OutboxStatusPayload(try await service.mail.outboxStatus()))
    }
}
