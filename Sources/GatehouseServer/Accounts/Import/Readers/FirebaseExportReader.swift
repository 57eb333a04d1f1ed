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

/// `firebase auth:export users.json --format=json`: `{"users": [...]}`, each user with
/// `localId`, `email`, `emailVerified`, `passwordHash` and `salt` (base64), `displayName`,
/// `photoUrl`, `disabled`, `createdAt` and `lastSignedInAt` (milliseconds, as strings),
/// `customAttributes` (a JSON object written as a string) and `providerUserInfo`.
///
/// - The id is `ImportedAccountID`'s for the `localId`, which is kept beside it when it is not
///   the id's own text, so Firebase clients go on seeing the uid they knew.
/// - `emailVerified` confirms the address as of the account's `createdAt`: Firebase does not
///   say when it was verified, and the creation is the earliest it can have been and the same on
///   every run; an account without `createdAt` is confirmed as of the import.
/// - The hash is the project's algorithm (`FirebaseHashParameters`) applied to the user's
///   `passwordHash` and `salt`.
/// - `displayName` goes where the Firebase adapter keeps it (`FirebaseUserInfo.displayNameKey`);
///   `photoUrl`, which the adapter does not keep, to `avatar_url`, the key GoTrue's OAuth
///   providers fill.
/// - `customAttributes` (custom claims) are merged into the app metadata.
/// - `disabled` is the longest ban, as the Firebase adapter's `disableUser` sets.
enum FirebaseExportReader {
    static let expectedShape = "Firebase's auth:export JSON, an object with a \"users\" array"

    /// Where `photoUrl` goes in the user metadata.
    static let photoURLKey = "avatar_url"

    enum Fields: JSONExportFields {
        static let names: Set<String> = [
            "localId", "email", "emailVerified", "passwordHash", "salt", "passwordSalt", "displayName", "photoUrl",
            "disabled", "createdAt", "lastSignedInAt", "lastLoginAt", "customAttributes",
        ]
    }

    /// One user of the export: the members read, or nil when it is not an object.
    typealias User = JSONExportObject<Fields>

    private struct File: Decodable {
        let users: [User]
    }

    static func read(
        json data: [UInt8], hash: FirebaseHashParameters?, now: Timestamp, into entries: inout ImportEntryList
    ) throws(ImportFileError) {
        let users = try JSONExportFile.decode(File.self, from: data, expected: expectedShape).users
        try read(users: users, hash: hash, now: now, into: &entries)
    }

    /// The same for users already decoded: `accounts:batchCreate` reads them with the rest of
    /// its request.
    static func read(
        users: [User], hash: FirebaseHashParameters?, now: Timestamp, into entries: inout ImportEntryList
    ) throws(ImportFileError) {
        if let hash {
            do {
                try hash.validate()
            } catch {
                throw .invalidFirebaseHashParameters(error)
            }
        } else if users.contains(where: { hasPasswordHash($0.members) }) {
            throw .missingFirebaseHashParameters
        }
        for user in users {
            guard let members = user.members else {
                try entries.refuse(.notAnObject)
                continue
            }
            let record = ExportRecord(json: members)
            let localId = (try? record.nonEmptyText("localId")) ?? ""
            try entries.append(sourceId: localId) { () throws(ImportRefusal) -> ImportedAccount in
                try account(record, hash: hash, now: now)
            }
        }
    }

    private static func hasPasswordHash(_ members: [String: JSONValue]?) -> Bool {
        guard case .string(let hash)? = members?["passwordHash"] else { return false }
        return !hash.isEmpty
    }

    private static func account(
        _ record: ExportRecord, hash: FirebaseHashParameters?, now: Timestamp
    ) throws(ImportRefusal) -> ImportedAccount {
        guard let localId = try record.nonEmptyText("localId") else { throw .missing("localId") }
        let email = try ImportChecks.email(try record.nonEmptyText("email"))
        let createdAt = try record.milliseconds("createdAt")
        // auth:export writes lastSignedInAt; the REST API (accounts:batchCreate, lookup) lastLoginAt.
        var lastSignInAt = try record.milliseconds("lastSignedInAt")
        if lastSignInAt == nil { lastSignInAt = try record.milliseconds("lastLoginAt") }
        var account = ImportedAccount(
            id: ImportedAccountID.userId(for: localId, from: .firebase),
            firebaseUid: ImportedAccountID.needsOwnId(localId) ? localId : nil, email: email,
            createdAt: createdAt, lastSignInAt: lastSignInAt)
        if try record.flag("emailVerified") == true {
            account.emailConfirmedAt = createdAt ?? now
        }
        if let passwordHash = try record.nonEmptyText("passwordHash") {
            // Checked for the whole file before any record is read.
            guard let hash else { throw ImportRefusal("passwordHash needs the project's hash parameters") }
            // auth:export and the REST API write salt; firebase-admin's import records name it passwordSalt.
            var salt = try record.nonEmptyText("salt")
            if salt == nil { salt = try record.nonEmptyText("passwordSalt") }
            do {
                account.passwordHash = try hash.hash(passwordHash: passwordHash, salt: salt)
            } catch {
                throw ImportRefusal("passwordHash: \(error.description)")
            }
        }
        if let name = try record.nonEmptyText("displayName") {
            account.userMetadata[FirebaseUserInfo.displayNameKey] = .string(name)
        }
        if let photo = try record.nonEmptyText("photoUrl") {
            account.userMetadata[photoURLKey] = .string(photo)
        }
        if let claims = try record.object("customAttributes") {
            account.appMetadata.merge(claims) { _, claim in claim }
        }
        if try record.flag("disabled") == true {
            account.bannedUntil = ImportChecks.disabledUntil(now: now)
        }
        return account
    }
}
