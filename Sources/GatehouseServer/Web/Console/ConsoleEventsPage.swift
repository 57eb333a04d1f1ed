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
import Hummingbird

/// `GET /admin/events`: the audit log, newest first, 50 a page, filtered by a GET form (email,
/// user id, action, since/until). It reads through `AuditService.entries` and `AuditFilter`, as
/// `GET /admin/audit` does: no SQL of its own. Entries never hold a password, token, code or
/// link (`AuditEvent`); the page names actions, actors and times in words (`ConsoleLabels`,
/// `ConsoleActors`, `ConsoleTime`) and keeps each stored code beside its words.
struct ConsoleEventsPage {
    let console: ConsoleContext

    static let perPage = 50

    func show(_ request: Request, _ context: GatehouseRequestContext, _ console: ConsoleOperator, _ exchange: inout WebExchange)
        async throws -> ConsoleOutcome
    {
        let query = ConsoleEventsQuery(request.uri.queryParameters)
        let result = try await self.console.service.audit.entries(
            matching: query.filter, offset: (query.page - 1) * Self.perPage, limit: Self.perPage)
        let actors = try await self.console.service.environment.store.run(.read) { work in
            try await ConsoleAccountService.actorAccounts(of: result.entries, in: work)
        }
        var values = query.formValues
        values["rows"] = result.entries.map { Self.row($0, actors: actors) }
        values["empty"] = result.entries.isEmpty
        values["total"] = result.total == 1 ? "1 event" : "\(ChartText.grouped(result.total)) events"
        values["pageNumber"] = query.page
        values["pageCount"] = max(1, (result.total + Self.perPage - 1) / Self.perPage)
        if query.page > 1 { values["previous"] = query.link(page: query.page - 1) }
        if query.page * Self.perPage < result.total { values["next"] = query.link(page: query.page + 1) }
        if !query.errors.isEmpty { values["errors"] = query.errors.map { ["text": $0] } }
        var page = ConsolePage(
            title: "Events", section: .events, template: "console_events", values: values,
            status: query.errors.isEmpty ? .ok : .badRequest)
        page.wide = true
        return .page(page)
    }

    /// One table row's values: the time, action and actor in words (the action's code beside
    /// it), where the request came from, and the traits with the request id last.
    static func row(_ entry: AuditEntry, actors: [String: ConsoleActorAccount]) -> [String: Any] {
        let time = ConsoleTime.values(entry.createdAt)
        var row: [String: Any] = [
            "time": time.datetime, "timeTitle": time.title, "timeShown": time.label,
            "action": entry.action, "actionLabel": ConsoleLabels.action(entry.action),
            "ip": entry.ipAddress.isEmpty ? false : entry.ipAddress, "agent": entry.userAgent ?? false,
            "requestId": entry.requestId ?? false, "by": ConsoleActors.html(entry, accounts: actors),
            "traits": entry.traits.sorted { $0.key < $1.key }.map {
                ["name": $0.key, "value": ConsoleLabels.trait($0.key, Self.text($0.value))]
            },
        ]
        row["from"] = !entry.ipAddress.isEmpty || entry.userAgent != nil
        if let userId = entry.userId { row["userLink"] = "/admin/accounts/\(userId.lowercasedString)" }
        // An entry about an account by id only (the worker's, for an email the job addressed to
        // the account) shows the account's address when it still exists.
        row["user"] = entry.email ?? entry.userId.flatMap { actors[$0.lowercasedString]?.email } ?? entry.userId?.lowercasedString ?? "—"
        return row
    }

    static func text(_ value: JSONValue) -> String {
        switch value {
        case .string(let text): text
        case .null: "null"
        case .bool(let flag): flag ? "true" : "false"
        case .number(let number): number == number.rounded() && abs(number) < 1e15 ? String(Int64(number)) : String(number)
        default: (try? String(decoding: JSONEncoder().encode(value), as: UTF8.self)) ?? ""
        }
    }
}

/// The events page's query: the filter form's fields, read leniently (a bad value is reported
/// on the page and left out of the filter; the page never fails on junk).
struct ConsoleEventsQuery {
    var filter = AuditFilter()
    var page = 1
    var errors: [String] = []
    /// The fields as typed, for the form and the paging links.
    var email = ""
    var userId = ""
    var action = ""
    var since = ""
    var until = ""

    init(_ parameters: Hummingbird.Parameters) {
        func value(_ name: String) -> String {
            String((parameters.get(name) ?? "").trimmingCharacters(in: .whitespaces).prefix(320))
        }
        email = value("email")
        userId = value("user_id")
        action = value("action")
        since = value("since")
        until = value("until")
        if let number = Int(value("page")), (1...100_000).contains(number) { page = number }
        if !email.isEmpty {
            if let address = try? EmailAddress(validating: email) {
                filter.email = address.normalized
            } else {
                errors.append("The email filter is not an email address.")
            }
        }
        if !userId.isEmpty {
            if let id = UUID(parsing: userId) {
                filter.userId = id
            } else {
                errors.append("The user id filter is not a user id (a UUID).")
            }
        }
        if !action.isEmpty {
            if AuditAction(rawValue: action) != nil { filter.actions = [action] } else { errors.append("Choose an action from the list.") }
        }
        for (text, keyPath, label) in [(since, \AuditFilter.since, "From"), (until, \AuditFilter.until, "Until")] where !text.isEmpty {
            if let time = Self.time(text) { filter[keyPath: keyPath] = time } else { errors.append("\(label) is not a date and time.") }
        }
    }

    /// A `datetime-local` value (`2026-11-25T10:30`, read as UTC) or an RFC 3339 date-time.
    static func time(_ text: String) -> Timestamp? {
        if let time = Timestamp(rfc3339: text) { return time }
        if text.count == 16 { return Timestamp(rfc3339: text + ":00Z") }
        if text.count == 19 { return Timestamp(rfc3339: text + "Z") }
        return nil
    }

    var formValues: [String: Any] {
        [
            "email": email, "userId": userId, "since": since, "until": until,
            "actions": AuditAction.allCases.map { ["value": $0.rawValue, "label": $0.label, "selected": $0.rawValue == action] },
            "anyAction": action.isEmpty,
        ]
    }

    /// The events page with these filters, at `page`.
    func link(page: Int) -> String {
        var components = URLComponents()
        components.path = "/admin/events"
        let items = [("email", email), ("user_id", userId), ("action", action), ("since", since), ("until", until)]
            .filter { !$0.1.isEmpty }.map { URLQueryItem(name: $0.0, value: $0.1) }
        components.queryItems = items + [URLQueryItem(name: "page", value: String(page))]
        return components.string ?? "/admin/events"
    }
}
