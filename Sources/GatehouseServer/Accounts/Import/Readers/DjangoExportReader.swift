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

/// A Django site's users (`django.contrib.auth`'s `auth_user`): CSV with a header
/// (`id,password,last_login,is_superuser,username,first_name,last_name,email,is_staff,is_active,date_joined`,
/// as `COPY auth_user TO STDOUT WITH CSV HEADER` or a spreadsheet writes it), or the JSON of
/// `manage.py dumpdata auth.user` (`[{"model": "auth.user", "pk": 1, "fields": {…}}]`).
///
/// - The id is `ImportedAccountID`'s for the primary key's text; the app metadata keeps the key
///   (`django_user_id`, a number when it is one) and the `username` (`django_username`), which
///   is what the site's own tables and its users knew.
/// - `first_name` and `last_name` go to the user metadata under the same names.
/// - `password` in the forms `ImportedPasswordHash` reads; Django's unusable password (`!`
///   then random characters, set for users who sign in another way) and an empty one are none.
/// - `is_active` false is the longest ban.
/// - Django does not confirm addresses, but its sites sign people in with them: the import takes
///   the address as confirmed as of `date_joined` (as of the import when it is missing), or
///   every imported user would first have to confirm an address they have been using.
/// - A record of another model (`dumpdata` of a whole site) has no `email` and `password`
///   fields, and is refused.
enum DjangoExportReader {
    enum Columns: JSONExportFields {
        static let names: Set<String> = [
            "id", "password", "last_login", "username", "first_name", "last_name", "email", "is_active", "date_joined",
        ]
    }

    private enum DumpFields: JSONExportFields {
        static let names: Set<String> = ["model", "pk", "fields"]
    }

    static let requiredColumns = ["id", "password", "email"]
    static let expectedShape = "the JSON of manage.py dumpdata auth.user, an array of objects with pk and fields"

    static func read(csv data: [UInt8], now: Timestamp, into entries: inout ImportEntryList) throws(ImportFileError) {
        try entries.readCSV(data, columns: Columns.names, required: requiredColumns, idColumn: "id") {
            (record) throws(ImportRefusal) -> ImportedAccount in try account(record, now: now)
        }
    }

    static func read(json data: [UInt8], now: Timestamp, into entries: inout ImportEntryList) throws(ImportFileError) {
        let objects = try JSONExportFile.decode([JSONExportObject<DumpFields>].self, from: data, expected: expectedShape)
        for object in objects {
            guard let members = object.members else {
                try entries.refuse(.notAnObject)
                continue
            }
            let pk = ExportRecord(json: members.filter { $0.key == "pk" })
            let sourceId = (try? pk.nonEmptyText("pk")) ?? ""
            guard case .object(let fields)? = members["fields"] else {
                try entries.refuse(sourceId: sourceId, ImportRefusal("fields is missing or not a JSON object"))
                continue
            }
            guard fields["email"] != nil, fields["password"] != nil else {
                try entries.refuse(sourceId: sourceId, ImportRefusal("the record is not a user: its fields have no email and password"))
                continue
            }
            // The primary key read as the CSV's id column.
            var row = fields.filter { Columns.names.contains($0.key) }
            row["id"] = members["pk"]
            let record = ExportRecord(json: row)
            try entries.append(sourceId: sourceId) { () throws(ImportRefusal) -> ImportedAccount in
                try account(record, now: now)
            }
        }
    }

    private static func account(_ record: ExportRecord, now: Timestamp) throws(ImportRefusal) -> ImportedAccount {
        guard let pk = try record.nonEmptyText("id") else { throw ImportRefusal("id is missing (pk in dumpdata)") }
        let email = try ImportChecks.email(try record.nonEmptyText("email"))
        let dateJoined = try record.timestamp("date_joined")
        var account = ImportedAccount(
            id: ImportedAccountID.userId(for: pk, from: .django), email: email, emailConfirmedAt: dateJoined ?? now,
            passwordHash: try passwordHash(try record.text("password")), createdAt: dateJoined,
            lastSignInAt: try record.timestamp("last_login"))
        account.appMetadata["django_user_id"] = Int64(pk).map { .number(Double($0)) } ?? .string(pk)
        if let username = try record.nonEmptyText("username") {
            account.appMetadata["django_username"] = .string(username)
        }
        for name in ["first_name", "last_name"] {
            if let value = try record.nonEmptyText(name) { account.userMetadata[name] = .string(value) }
        }
        if try record.flag("is_active") == false {
            account.bannedUntil = ImportChecks.disabledUntil(now: now)
        }
        return account
    }

    /// Django's unusable password is `!` and random characters (`UNUSABLE_PASSWORD_PREFIX`).
    private static func passwordHash(_ text: String?) throws(ImportRefusal) -> ImportedPasswordHash? {
        guard let text, !text.hasPrefix("!") else { return nil }
        return try ImportChecks.passwordHash(text, field: "password")
    }
}
