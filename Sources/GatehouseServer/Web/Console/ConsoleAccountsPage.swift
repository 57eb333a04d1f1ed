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
import Hummingbird

/// The console's account routes: `GET /admin/accounts`, `GET /admin/accounts/{id}`,
/// and `GET|POST /admin/accounts/{id}/{action}`. Behind the console's guard (the operator is
/// known, the audit actor set) and, for the posts, its CSRF check; see `docs/CONSOLE.md`.
struct ConsoleAccountsPage {
    let console: ConsoleContext

    private var pages: AccountsConsolePages {
        AccountsConsolePages(accounts: ConsoleAccountService(services: console.service))
    }

    func list(_ request: Request, _ context: GatehouseRequestContext, _ op: ConsoleOperator, _ exchange: inout WebExchange) async throws
        -> ConsoleOutcome
    {
        outcome(try await pages.list(query: Self.query(request)))
    }

    func show(_ request: Request, _ context: GatehouseRequestContext, _ op: ConsoleOperator, _ exchange: inout WebExchange) async throws
        -> ConsoleOutcome
    {
        let id = try context.parameters.require("id")
        return outcome(try await pages.show(id: id, query: Self.query(request), operatorId: op.userId))
    }

    func confirm(_ request: Request, _ context: GatehouseRequestContext, _ op: ConsoleOperator, _ exchange: inout WebExchange)
        async throws -> ConsoleOutcome
    {
        let id = try context.parameters.require("id")
        let action = try context.parameters.require("action")
        return outcome(
            try await pages.confirm(
                id: id, action: action, query: Self.query(request), operatorId: op.userId, csrfToken: exchange.csrfToken))
    }

    func submit(
        _ request: Request, _ context: GatehouseRequestContext, _ op: ConsoleOperator, _ form: WebForm, _ exchange: inout WebExchange
    ) async throws -> ConsoleOutcome {
        let id = try context.parameters.require("id")
        let action = try context.parameters.require("action")
        return outcome(
            try await pages.submit(id: id, action: action, fields: form.fields, operatorId: op.userId, csrfToken: exchange.csrfToken))
    }

    private func outcome(_ answer: AccountsConsoleAnswer) -> ConsoleOutcome {
        switch answer {
        case .page(let title, let body, let status): .page(ConsolePage(title: title, section: .accounts, html: body, status: status))
        case .redirect(let location): .redirect(location)
        case .notFound:
            .page(
                ConsolePage(
                    title: "Not found", section: .accounts, template: "console_message",
                    values: [
                        "message": "There is no such account (it may have been deleted).", "link": AccountListPage.path,
                        "linkLabel": "Back to the accounts",
                    ], status: .notFound))
        }
    }

    /// The query's parameters, the first value of each.
    private static func query(_ request: Request) -> [String: String] {
        var values: [String: String] = [:]
        for (name, value) in request.uri.queryParameters where values[String(name)] == nil {
            values[String(name)] = String(value)
        }
        return values
    }
}
