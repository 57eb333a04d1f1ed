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
import GatehouseServer

/// How `gatehouse users` prints users: an aligned table for people, or the admin API's JSON
/// (GoTrue's user objects) with `--json` for scripts.
enum UserOutput {
    static func print(_ user: OperatorUser, json: Bool, note: String? = nil) throws {
        if json {
            Swift.print(try encode(user.payload))
        } else {
            if let note { Swift.print(note) }
            Swift.print(details(user), terminator: "")
        }
    }

    static func print(_ page: OperatorUserPage, json: Bool) throws {
        if json {
            Swift.print(try encode(ListAnswer(page)))
            return
        }
        Swift.print(table(page.users), terminator: "")
        let first = page.users.isEmpty ? 0 : (page.page - 1) * page.perPage + 1
        let last = page.users.isEmpty ? 0 : first + page.users.count - 1
        Swift.print("\(first)–\(last) of \(page.total) (page \(page.page), \(page.perPage) per page)")
    }

    /// The list's `--json`: the admin API's listing body plus the paging it used.
    struct ListAnswer: Encodable {
        let users: [UserPayload]
        let total: Int
        let page: Int
        let perPage: Int

        init(_ page: OperatorUserPage) {
            users = page.users.map(\.payload)
            total = page.total
            self.page = page.page
            perPage = page.perPage
        }

        enum CodingKeys: String, CodingKey {
            case users, total, page
            case perPage = "per_page"
        }
    }

    static func table(_ users: [OperatorUser]) -> String {
        let header = ["ID", "EMAIL", "STATUS", "LAST SIGN-IN", "CREATED"]
        let rows = users.map { [$0.id, $0.email, status($0), $0.lastSignInAt.map(shown) ?? "never", shown($0.createdAt)] }
        let widths = header.indices.map { column in ([header] + rows).map { $0[column].count }.max() ?? 0 }
        return ([header] + rows).map { row in
            row.enumerated().map { index, cell in
                index == row.count - 1 ? cell : cell.padding(toLength: widths[index], withPad: " ", startingAt: 0)
            }.joined(separator: "  ")
        }.joined(separator: "\n") + "\n"
    }

    static func details(_ user: OperatorUser) -> String {
        let lines: [(String, String)] = [
            ("id", user.id), ("email", user.email), ("status", status(user)), ("role", user.role),
            ("confirmed", user.confirmedAt.map(shown) ?? "no"), ("last sign-in", user.lastSignInAt.map(shown) ?? "never"),
            ("banned until", user.bannedUntil.map(shown) ?? "—"), ("created", shown(user.createdAt)),
            ("deleted", user.deletedAt.map(shown) ?? "—"),
        ]
        let width = lines.map(\.0.count).max() ?? 0
        return lines.map { $0.0.padding(toLength: width, withPad: " ", startingAt: 0) + "  " + $0.1 }.joined(separator: "\n") + "\n"
    }

    /// One word (or a ban's end) for the table: deleted, banned, unconfirmed or active.
    static func status(_ user: OperatorUser) -> String {
        if user.deletedAt != nil { return "deleted" }
        if user.isBanned, let until = user.bannedUntil { return "banned until " + shown(until) }
        if user.confirmedAt == nil { return "unconfirmed" }
        return "active"
    }

    /// Seconds precision, UTC: `2026-11-25 06:34:56Z`.
    static func shown(_ instant: Timestamp) -> String {
        let text = instant.rfc3339
        let seconds = text.prefix(19).replacingOccurrences(of: "T", with: " ")
        return seconds + "Z"
    }

    static func encode(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }
}
