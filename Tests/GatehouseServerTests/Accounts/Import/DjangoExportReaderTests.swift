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
import Testing

@testable import GatehouseServer

/// A Django site's `auth_user`, as `COPY auth_user TO STDOUT WITH CSV HEADER` writes it and as
/// `manage.py dumpdata auth.user` does, with hashes made by Django's make_password.
@Suite("Django export reader")
struct DjangoExportReaderTests {
    static let password = "correct horse battery staple"
    static let pbkdf2 = "pbkdf2_sha256$1000$x3ocmduzihpyimytgniyrt$7rExGiCIJanIY/WKao2CPJSW3WLjDKi4lylpr3E+UKQ="
    static let argon2 = "argon2$argon2id$v=19$m=64,t=1,p=2$eDNvY21kdXppaHB5aW15dGduaXlydA$U1m1XAYyIb76K4Sby72hoSRZBVM7j+37b3xvoNfW5TU"
    static let md5 = "md5$oldsalt$5f4dcc3b5aa765d61d8327deb882cf99"
    static let unusable = "!Xr4nd0mUnusablePasswordValue1234567890ab"

    static let csv = #"""
        id,password,last_login,is_superuser,username,first_name,last_name,email,is_staff,is_active,date_joined
        1,pbkdf2_sha256$1000$x3ocmduzihpyimytgniyrt$7rExGiCIJanIY/WKao2CPJSW3WLjDKi4lylpr3E+UKQ=,2024-06-01 08:00:00.123456+00,t,ada,Ada,"Lovelace, Countess",Ada@Example.com,t,t,2024-05-01 10:20:30.123456+00
        2,!Xr4nd0mUnusablePasswordValue1234567890ab,,f,grace,Grace,"Hopper
        (RADM)",grace@example.com,f,f,2024-05-02 09:00:00+00
        3,bcrypt_sha256$$2b$04$A6ic2Gnq.i5D4ZoVnZAmouqbYx/1m/3PcaGYxAZQfoK2TzxVIvB0S,,false,linus,,,,false,true,2024-05-03 00:00:00+00
        4,md5$oldsalt$5f4dcc3b5aa765d61d8327deb882cf99,,0,oldie,,,old@example.com,0,1,2024-05-04 00:00:00+00
        5,"argon2$argon2id$v=19$m=64,t=1,p=2$eDNvY21kdXppaHB5aW15dGduaXlydA$U1m1XAYyIb76K4Sby72hoSRZBVM7j+37b3xvoNfW5TU",,0,emmy,Emmy,"",emmy@example.com,0,1,2024-05-05 12:00:00
        6,,,f,emmy2,,,EMMY@example.com,f,t,2024-05-06 00:00:00+00
        7,,,f,maybe,,,maybe@example.com,f,perhaps,2024-05-07 00:00:00+00

        """#

    static let json = #"""
        [
          {"model": "auth.user", "pk": 1, "fields": {
            "password": "pbkdf2_sha256$1000$x3ocmduzihpyimytgniyrt$7rExGiCIJanIY/WKao2CPJSW3WLjDKi4lylpr3E+UKQ=",
            "last_login": "2024-06-01T08:00:00.123Z", "is_superuser": true, "username": "ada", "first_name": "Ada",
            "last_name": "Lovelace, Countess", "email": "Ada@Example.com", "is_staff": true, "is_active": true,
            "date_joined": "2024-05-01T10:20:30.123Z", "groups": [1], "user_permissions": []}},
          {"model": "auth.user", "pk": 2, "fields": {
            "password": "!Xr4nd0mUnusablePasswordValue1234567890ab", "last_login": null, "is_superuser": false,
            "username": "grace", "first_name": "Grace", "last_name": "", "email": "grace@example.com", "is_staff": false,
            "is_active": false, "date_joined": "2024-05-02T09:00:00Z", "groups": [], "user_permissions": []}},
          {"model": "auth.group", "pk": 1, "fields": {"name": "editors", "permissions": []}},
          {"model": "auth.user", "pk": 3, "fields": "broken"},
          {"model": "auth.user", "pk": 4, "fields": {"password": "", "username": "nomail", "email": ""}},
          {"model": "accounts.user", "pk": "1f0c8f52-6c0e-4b3e-9d8a-3f6b1e2c4a71", "fields": {
            "password": "", "username": "custom", "email": "custom@example.com"}}
        ]
        """#

    @Test("an account from CSV: derived id, the key and username kept, names, the hash, the times")
    func passwordAccount() throws {
        let entry = try #require(try ImportFixtures.read(Self.csv, .django).first)
        let ada = try #require(entry.account)
        #expect(entry.sourceId == "1")
        #expect(ada.id == ImportedAccountID.userId(for: "1", from: .django))
        #expect(ada.id == ImportedAccountID.derived(from: "1", source: .django))
        #expect(ada.firebaseUid == nil)
        #expect(ada.email == "ada@example.com")
        #expect(ada.appMetadata == ["django_user_id": .number(1), "django_username": .string("ada")])
        #expect(ada.userMetadata == ["first_name": .string("Ada"), "last_name": .string("Lovelace, Countess")])
        let joined = ImportFixtures.instant("2024-05-01T10:20:30.123456Z")
        #expect(ada.createdAt == joined)
        #expect(ada.emailConfirmedAt == joined)
        #expect(ada.lastSignInAt == ImportFixtures.instant("2024-06-01T08:00:00.123456Z"))
        #expect(ada.bannedUntil == nil)
        let hash = try #require(ada.passwordHash)
        #expect(ImportedPasswordVerifier.verify(Self.password, against: hash))
    }

    @Test("the unusable password is none; inactive is the longest ban; a quoted line break in a name")
    func inactiveAccount() throws {
        let grace = try #require(try ImportFixtures.read(Self.csv, .django)[1].account)
        #expect(grace.passwordHash == nil)
        #expect(grace.bannedUntil == ImportFixtures.now.adding(seconds: AccountService.maximumBanSeconds))
        #expect(grace.userMetadata["last_name"] == .string("Hopper\n(RADM)"))
        #expect(grace.lastSignInAt == nil)
    }

    @Test("a quoted hash with commas, an empty last name left out, a time without offset read as UTC")
    func argon2Account() throws {
        let emmy = try #require(try ImportFixtures.read(Self.csv, .django)[4].account)
        #expect(emmy.passwordHash == (try ImportedPasswordHash(parsing: Self.argon2)))
        #expect(ImportedPasswordVerifier.verify(Self.password, against: try #require(emmy.passwordHash)))
        #expect(emmy.userMetadata == ["first_name": .string("Emmy")])
        #expect(emmy.createdAt == ImportFixtures.instant("2024-05-05T12:00:00Z"))
    }

    @Test("each refusal of the CSV, at its position, with its reason")
    func refusals() throws {
        let entries = try ImportFixtures.read(Self.csv, .django)
        #expect(entries.map(\.position) == Array(1...7))
        let refused = entries.filter { $0.refusal != nil }.map { "\($0.position) \($0.sourceId): \($0.refusal!)" }
        #expect(refused.count == 4)
        #expect(refused.first == "3 3: email is missing: Gatehouse accounts are email accounts")
        #expect(refused.dropFirst().first?.hasPrefix("4 4: password: unknown password hash format") == true)
        #expect(
            Array(refused.dropFirst(2)) == [
                "6 6: the same address appears earlier in the file (addresses compare case-insensitively)",
                "7 7: is_active is not a boolean (t/f, true/false or 1/0)",
            ])
    }

    @Test("dumpdata: the same ids as the CSV, other models refused, a custom user model's UUID key kept")
    func dumpdata() throws {
        let entries = try ImportFixtures.read(Self.json, .django)
        let csvAda = try #require(try ImportFixtures.read(Self.csv, .django).first?.account)
        let ada = try #require(entries.first?.account)
        #expect(ada.id == csvAda.id)
        #expect(ada.appMetadata == csvAda.appMetadata)
        #expect(ada.passwordHash == csvAda.passwordHash)
        #expect(ada.emailConfirmedAt == ImportFixtures.instant("2024-05-01T10:20:30.123Z"))
        let grace = try #require(entries[1].account)
        #expect(grace.passwordHash == nil && grace.bannedUntil != nil)
        #expect(grace.userMetadata == ["first_name": .string("Grace")])
        #expect(
            entries[2...4].map { "\($0.position) \($0.sourceId): \($0.refusal ?? "")" } == [
                "3 1: the record is not a user: its fields have no email and password",
                "4 3: fields is missing or not a JSON object",
                "5 4: email is missing: Gatehouse accounts are email accounts",
            ])
        let custom = try #require(entries[5].account)
        #expect(custom.id == UUID(uuidString: "1f0c8f52-6c0e-4b3e-9d8a-3f6b1e2c4a71"))
        #expect(custom.appMetadata["django_user_id"] == .string("1f0c8f52-6c0e-4b3e-9d8a-3f6b1e2c4a71"))
    }

    @Test("no reason holds a hash, a password or an address")
    func reasonsHoldNoSecrets() throws {
        let secrets = [Self.pbkdf2, Self.argon2, Self.md5, "5f4dcc3b", Self.unusable, Self.password, "example.com"]
        ImportFixtures.expectNoSecrets(in: try ImportFixtures.read(Self.csv, .django), secrets)
        ImportFixtures.expectNoSecrets(in: try ImportFixtures.read(Self.json, .django), secrets)
    }

    @Test("a header without id, password or email; JSON of another shape")
    func fileErrors() {
        #expect(throws: ImportFileError.missingColumns(["password"])) {
            try ImportFixtures.read("id,username,email\n1,ada,ada@example.com\n", .django)
        }
        #expect(throws: ImportFileError.unexpectedJSONShape(expected: DjangoExportReader.expectedShape)) {
            try ImportFixtures.read(#"{"model": "auth.user"}"#, .django)
        }
    }
}
