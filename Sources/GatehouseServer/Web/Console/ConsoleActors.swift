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

/// Who did what an audit entry records, as a person reads it: "operator ops@…" (linking to
/// their account), the account's own address when it acted itself, "system" for the outbox
/// worker and other background work, the admin API's key or the command line by name. The log
/// stores ids and role names; the console never shows a bare id where it knows the address.
enum ConsoleActors {
    /// The "By" cell of `entry`, escaped HTML.
    static func html(_ entry: AuditEntry, accounts: [String: ConsoleActorAccount]) -> String {
        guard let actor = entry.actor else {
            // No actor: whoever made the request (the account itself, or someone not signed in),
            // or work without a request at all.
            if entry.requestId == nil { return "system" }
            return entry.userId == nil ? "visitor" : subject(entry)
        }
        if let id = UUID(parsing: actor) {
            if id == entry.userId { return subject(entry) }
            guard let account = accounts[id.lowercasedString] else { return "a deleted account" }
            let role = account.isOperator ? "operator" : "admin"
            return "\(role) <a href=\"\(AccountsMarkup.accountPath(id))\">\(HTMLText.escape(account.email))</a>"
        }
        switch actor {
        case "service_role", "supabase_admin": return "admin API (\(actor) key)"
        case "cli": return "gatehouse command"
        case "owner": return "Firebase emulator"
        default: return HTMLText.escape(actor)
        }
    }

    /// The entry's own account: its address, or "anonymous account" for one without.
    private static func subject(_ entry: AuditEntry) -> String {
        guard let email = entry.email, !email.isEmpty else { return "anonymous account" }
        return HTMLText.escape(email)
    }
}
