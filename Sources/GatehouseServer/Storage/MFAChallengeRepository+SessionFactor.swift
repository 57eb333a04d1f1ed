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
import SQLKit

extension MFAChallengeRepository {
    /// The factor a session was raised to aal2 with (`sessions.factor_id`), if any.
    func factorId(ofSession id: UUID) async throws -> UUID? {
        let row = try await database.raw("SELECT factor_id FROM sessions WHERE id = \(bind: id.lowercasedString)").first()
        return try row?.decode(column: "factor_id", as: String?.self).flatMap(UUID.init(parsing:))
    }
}
