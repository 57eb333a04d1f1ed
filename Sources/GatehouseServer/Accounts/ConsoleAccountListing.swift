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

/// What the console's account list asks for: an address fragment, an order and a page.
struct ConsoleAccountQuery: Sendable, Equatable {
    enum Sort: String, Sendable, CaseIterable {
        case created
        case lastSignIn = "last_sign_in"
    }

    /// Case-insensitive substring of the address; empty lists everyone.
    var search: String = ""
    var sort: Sort = .created
    var ascending: Bool = false
    /// 1-based.
    var page: Int = 1

    static let pageSize = 50
    /// A fragment longer than any address matches nothing; cut it so a junk query stays cheap.
    static let maximumSearchLength = 320
}

/// One row of the list: the account and how many second factors and passkeys it has (counted by
/// the same query, so the list costs one round trip).
struct ConsoleAccountRow: Sendable {
    var user: UserRecord
    var factorCount: Int
    var passkeyCount: Int
    /// An operator of the console (`is_super_admin`).
    var isOperator: Bool = false
}

/// One page of the list and how many accounts match in all.
struct ConsoleAccountPage: Sendable {
    var query: ConsoleAccountQuery
    var rows: [ConsoleAccountRow]
    var total: Int

    var pageCount: Int { max(1, (total + ConsoleAccountQuery.pageSize - 1) / ConsoleAccountQuery.pageSize) }
}

/// The console's account pages and actions. Composes the existing services: the
/// admin API's operations do the work, this adds what only the console needs (listing order,
/// the account's whole picture, the operator as actor, refusing actions on oneself).
struct ConsoleAccountService: Sendable {
    let services: GatehouseServices

    var store: Store { services.environment.store }

    func list(_ query: ConsoleAccountQuery) async throws(AuthError) -> ConsoleAccountPage {
        var query = query
        query.search = String(query.search.trimmingCharacters(in: .whitespaces).prefix(ConsoleAccountQuery.maximumSearchLength))
        query.page = max(1, query.page)
        let offset = (query.page - 1) * ConsoleAccountQuery.pageSize
        let asked = query
        return try await store.run { work in
            ConsoleAccountPage(
                query: asked,
                rows: try await work.users.consoleList(asked, offset: offset, limit: ConsoleAccountQuery.pageSize),
                total: try await work.users.count(emailContaining: asked.search))
        }
    }
}
