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
import HTTPTypes

/// What one of the account pages answers, before the console's shell wraps it in its layout.
enum AccountsConsoleAnswer {
    case page(title: String, body: String, status: HTTPResponse.Status)
    case redirect(String)
    /// No such account or action (also a malformed id): the console's 404 page.
    case notFound
}

/// The console's account pages: from the request's values (path parameters, query, posted
/// fields, the operator's id and the form's CSRF token) to an answer. The routes
/// (`ConsoleAccountsRoutes.swift`) pass the values in and hand the answer to the shell.
struct AccountsConsolePages: Sendable {
    let accounts: ConsoleAccountService

    /// `GET /admin/accounts`.
    func list(query parameters: [String: String]) async throws(AuthError) -> AccountsConsoleAnswer {
        let page = try await accounts.list(AccountListPage.query(parameters))
        let notice = parameters["notice"].flatMap(ConsoleAccountNotice.init(rawValue:))
        return .page(title: AccountListPage.title, body: AccountListPage(page: page, notice: notice).body, status: .ok)
    }

    /// `GET /admin/accounts/{id}`.
    func show(id: String, query parameters: [String: String], operatorId: UUID) async throws(AuthError) -> AccountsConsoleAnswer {
        let profile: ConsoleAccountProfile
        do { profile = try await accounts.profile(id: id) } catch  where error.status == .notFound { return .notFound }
        // The account's actions; a factor's or passkey's removal is offered beside it, in its table.
        let offered = ConsoleAccountAction.allCases.filter {
            $0.itemField == nil && accounts.refusal($0, on: profile.user, by: operatorId) == nil
        }
        let page = AccountDetailPage(
            profile: profile, notice: parameters["notice"].flatMap(ConsoleAccountNotice.init(rawValue:)), actions: offered)
        return .page(title: page.title, body: page.body, status: .ok)
    }

    /// `GET /admin/accounts/{id}/{action}`: the confirmation; changes nothing. A removal names
    /// its factor or passkey in the query (`?factor=…`, `?passkey=…`).
    func confirm(
        id: String, action rawAction: String, query parameters: [String: String] = [:], operatorId: UUID, csrfToken: String
    ) async throws(AuthError) -> AccountsConsoleAnswer {
        guard let action = ConsoleAccountAction(rawValue: rawAction) else { return .notFound }
        let user: UserRecord
        do { user = try await accounts.account(id: id) } catch  where error.status == .notFound { return .notFound }
        var refusal = accounts.refusal(action, on: user, by: operatorId)
        var item: ConsoleAccountItem?
        if let field = action.itemField {
            item = try await accounts.item(action, id: parameters[field], of: user)
            if item == nil { refusal = refusal ?? .itemNotFound }
        }
        let page = AccountActionPage(action: action, user: user, refusal: refusal, csrfToken: csrfToken, item: item)
        return .page(title: page.title, body: page.body, status: .ok)
    }

    /// `POST /admin/accounts/{id}/{action}` with a genuine form: takes the action, then back to
    /// the account page with its notice (the list after a delete); a refusal is the confirmation
    /// page with its reason (409), nothing changed.
    func submit(
        id: String, action rawAction: String, fields: [String: String], operatorId: UUID, csrfToken: String
    ) async throws(AuthError) -> AccountsConsoleAnswer {
        guard let action = ConsoleAccountAction(rawValue: rawAction) else { return .notFound }
        let request = AccountActionPage.request(action, fields: fields)
        let outcome: ConsoleActionOutcome
        do { outcome = try await accounts.perform(request, on: id, by: operatorId) } catch  where error.status == .notFound {
            return .notFound
        }
        switch outcome {
        case .done(.deleted):
            return .redirect(AccountListPage.path + "?notice=" + ConsoleAccountNotice.deleted.rawValue)
        case .done(let notice):
            return .redirect(AccountsMarkup.accountPath(try ConsoleAccountService.accountId(id)) + "?notice=" + notice.rawValue)
        case .refused(let refusal):
            let user = try await accounts.account(id: id)
            let item = try await accounts.item(action, id: request.itemId, of: user)
            let page = AccountActionPage(
                action: action, user: user, refusal: refusal, csrfToken: csrfToken, banDuration: request.banDuration ?? .day, item: item)
            return .page(title: page.title, body: page.body, status: .conflict)
        }
    }
}
