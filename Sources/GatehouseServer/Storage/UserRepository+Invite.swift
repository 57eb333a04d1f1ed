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

extension UserRepository {
    /// Notes an invitation: GoTrue's `invited_at` and `confirmation_sent_at`, both `now`.
    func recordInvited(userId: UUID, at now: Timestamp) async throws {
        let micros = now.microsecondsSinceEpoch
        try await database.raw(
            """
            UPDATE users SET invited_at = \(bind: micros), confirmation_sent_at = \(bind: micros), updated_at = \(bind: micros)
            WHERE id = \(bind: userId.lowercasedString)
            """
        ).run()
    }
}
