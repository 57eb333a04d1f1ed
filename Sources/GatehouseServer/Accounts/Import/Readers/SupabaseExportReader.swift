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

/// A Supabase project's `auth.users`: CSV as `COPY (SELECT * FROM auth.users) TO STDOUT WITH
/// CSV HEADER` writes it (NULL an empty unquoted field, booleans `t`/`f`, times as
/// `2024-05-01 10:20:30.123456+00`, jsonb as JSON text), or a JSON array of rows as `json_agg`
/// and the dashboard write it. The columns read; any other is ignored:
///
/// - `id`, a UUID, kept: the app's data stays keyed by it, and sessions' `sub` stay valid.
/// - `email`, `encrypted_password` (GoTrue's bcrypt, or another form it stores; empty for users
///   of OAuth, SSO or magic links, who come without a password), `email_confirmed_at`.
/// - `raw_app_meta_data`, `raw_user_meta_data`: the metadata, as they are.
/// - `role`, `banned_until` (PostgreSQL's `infinity` is the longest ban), `created_at`,
///   `last_sign_in_at`.
/// - Refused: rows with `deleted_at` (GoTrue's soft delete), anonymous users (`is_anonymous`)
///   and users with a `phone` but no email.
enum SupabaseExportReader {
    enum Columns: JSONExportFields {
        static let names: Set<String> = [
            "id", "email", "encrypted_password", "email_confirmed_at", "raw_app_meta_data", "raw_user_meta_data", "role",
            "banned_until", "created_at", "last_sign_in_at", "deleted_at", "is_anonymous", "phone",
        ]
    }

    static let requiredColumns = ["id", "email", "encrypted_password"]
    static let expectedShape = "Supabase's auth.users as a JSON array of row objects"

    static func read(csv data: [UInt8], now: Timestamp, into entries: inout ImportEntryList) throws(ImportFileError) {
        try entries.readCSV(data, columns: Columns.names, required: requiredColumns, idColumn: "id") {
            (record) throws(ImportRefusal) -> ImportedAccount in try account(record, now: now)
        }
    }

    static func read(json data: [UInt8], now: Timestamp, into entries: inout ImportEntryList) throws(ImportFileError) {
        let rows = try JSONExportFile.decode([JSONExportObject<Columns>].self, from: data, expected: expectedShape)
        try entries.readJSON(rows.map(\.members), idField: "id") { (record) throws(ImportRefusal) -> ImportedAccount in
            try account(record, now: now)
        }
    }

    private static func account(_ record: ExportRecord, now: Timestamp) throws(ImportRefusal) -> ImportedAccount {
        guard let idText = try record.nonEmptyText("id") else { throw .missing("id") }
        guard let id = UUID(parsing: idText) else { throw ImportRefusal("id is not a UUID") }
        if try record.nonEmptyText("deleted_at") != nil {
            throw ImportRefusal("deleted in the source (deleted_at is set)")
        }
        if try record.flag("is_anonymous") == true {
            throw ImportRefusal("anonymous users are not imported")
        }
        let rawEmail = try record.nonEmptyText("email")
        if rawEmail == nil, try record.nonEmptyText("phone") != nil {
            throw ImportRefusal("email is missing: the user has only a phone number, and Gatehouse accounts are email accounts")
        }
        return ImportedAccount(
            id: id, email: try ImportChecks.email(rawEmail),
            emailConfirmedAt: try record.timestamp("email_confirmed_at"),
            passwordHash: try ImportChecks.passwordHash(try record.text("encrypted_password"), field: "encrypted_password"),
            userMetadata: try record.object("raw_user_meta_data") ?? [:],
            appMetadata: try record.object("raw_app_meta_data") ?? [:],
            bannedUntil: try bannedUntil(record, now: now),
            createdAt: try record.timestamp("created_at"),
            lastSignInAt: try record.timestamp("last_sign_in_at"),
            role: try record.nonEmptyText("role"))
    }

    /// `banned_until`: a time, or PostgreSQL's `infinity` (the longest ban Gatehouse has) and
    /// `-infinity` (a ban that ended before it began: none).
    private static func bannedUntil(_ record: ExportRecord, now: Timestamp) throws(ImportRefusal) -> Timestamp? {
        switch try record.nonEmptyText("banned_until")?.trimmingCharacters(in: .whitespaces) {
        case "infinity": ImportChecks.disabledUntil(now: now)
        case "-infinity": nil
        default: try record.timestamp("banned_until")
        }
    }
}
