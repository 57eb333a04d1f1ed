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

/// What the operator commands need beyond the admin API: a user found by address, and the
/// listing narrowed to addresses containing a fragment.
extension AccountService {
    func adminUser(email raw: String) async throws(AuthError) -> UserRecord {
        let email = try AuthError.checkEmail(raw)
        guard let user = try await store.run(.read, { try await $0.users.find(email: email) }) else {
            throw AuthError(.userNotFound, kind: .notFound)
        }
        return user
    }

    func adminListUsers(page: Int, perPage: Int, emailContaining fragment: String) async throws(AuthError) -> UserPage {
        let offset = (page - 1) * perPage
        return try await store.run { database in
            UserPage(
                users: try await database.users.list(offset: offset, limit: perPage, emailContaining: fragment),
                total: try await database.users.count(emailContaining: fragment)
            )
        }
    }
}
