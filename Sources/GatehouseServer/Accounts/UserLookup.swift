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

extension AccountService {
    /// The users with any of `ids` or `emails` (an administrator's lookup, firebase-admin's
    /// `get_user` / `get_user_by_email`): each found once, unknown or malformed ones left out.
    func users(ids: [String], emails: [String]) async throws(AuthError) -> [UserRecord] {
        let uuids = ids.compactMap(UUID.init(parsing:))
        let addresses = emails.compactMap { try? EmailAddress(validating: $0).normalized }
        let found = try await store.run(.read) { database -> [UserRecord] in
            var users: [UserRecord] = []
            for id in uuids { if let user = try await database.users.find(id: id) { users.append(user) } }
            return users + (try await database.users.find(emails: addresses))
        }
        var seen = Set<UUID>()
        return found.filter { seen.insert($0.id).inserted }
    }
}
