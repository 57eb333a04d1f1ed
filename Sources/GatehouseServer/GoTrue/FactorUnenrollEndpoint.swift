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

/// `DELETE /factors/{id}`: answers `{"id": …}` of the factor removed.
struct FactorUnenrollEndpoint {
    let service: GatehouseServices

    struct Answer: Encodable { var id: String }

    func unenroll(_ request: Request, context: AuthenticatedRequestContext) async throws -> Response {
        let factorId = try context.parameters.require("id")
        let removed = try await service.mfa.unenroll(context.caller, factorId: factorId)
        return try JSONBody.response(Answer(id: removed.id.lowercasedString))
    }
}
