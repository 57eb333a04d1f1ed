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

/// A Supabase project's `auth.users`, as `COPY (SELECT * FROM auth.users) TO STDOUT WITH CSV
/// HEADER` writes it (a few of its columns, others ignored) and as a JSON array of rows.
@Suite("Supabase export reader")
struct SupabaseExportReaderTests {
    static let bcrypt = "$2a$04$0NYRM//E3IKjMo2CvmjimebNo.GXwcWx/jYXpQHKOCM3QgsyxxM0W"
    static let argon2 = "$argon2id$v=19$m=64,t=3,p=1$wD8NpPYolI7g0RI8xnl7bQ$X+JtCdRgOa6g16HkhGU/Kki1Mgdw5raVReuTa60+fws"
    static let password = "correct horse battery staple"
    static let adaId = "6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b"

    static let csv = #"""
        instance_id,id,aud,role,email,encrypted_password,email_confirmed_at,confirmation_token,last_sign_in_at,raw_app_meta_data,raw_user_meta_data,created_at,updated_at,phone,banned_until,is_sso_user,deleted_at,is_anonymous
        00000000-0000-0000-0000-000000000000,6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b,authenticated,authenticated,ada@example.com,$2a$04$0NYRM//E3IKjMo2CvmjimebNo.GXwcWx/jYXpQHKOCM3QgsyxxM0W,2024-05-01 10:21:00.5+00,"",2024-06-01 08:00:00.123456+00,"{""provider"": ""email"", ""providers"": [""email""]}","{""full_name"": ""Ada, Countess of Lovelace"",
         ""newsletter"": true}",2024-05-01 10:20:30.123456+00,2024-06-01 08:00:00.123456+00,,,f,,f
        00000000-0000-0000-0000-000000000000,0b8e7c1a-2f3d-4e5f-9a6b-7c8d9e0f1a2b,authenticated,authenticated,grace@example.com,"",,"",,"{""provider"": ""github"", ""providers"": [""github""]}",{},2024-05-02 09:00:00+00,2024-05-02 09:00:00+00,,2030-01-01 05:30:00+05:30,f,,f
        00000000-0000-0000-0000-000000000000,1a2b3c4d-0000-4000-8000-000000000003,authenticated,authenticated,gone@example.com,$2a$04$0NYRM//E3IKjMo2CvmjimebNo.GXwcWx/jYXpQHKOCM3QgsyxxM0W,,"",,{},{},2024-05-03 00:00:00+00,2024-07-01 00:00:00+00,,,f,2024-07-01 00:00:00+00,f
        00000000-0000-0000-0000-000000000000,1a2b3c4d-0000-4000-8000-000000000004,authenticated,authenticated,,,,"",,{},{},2024-05-04 00:00:00+00,2024-05-04 00:00:00+00,,,f,,t
        00000000-0000-0000-0000-000000000000,1a2b3c4d-0000-4000-8000-000000000005,authenticated,authenticated,,,,"",,"{""provider"": ""phone""}",{},2024-05-05 00:00:00+00,2024-05-05 00:00:00+00,15551234567,,f,,f
        00000000-0000-0000-0000-000000000000,1a2b3c4d-0000-4000-8000-000000000006,authenticated,authenticated,ada at example.com,,,"",,{},{},2024-05-06 00:00:00+00,2024-05-06 00:00:00+00,,,f,,f
        00000000-0000-0000-0000-000000000000,1a2b3c4d-0000-4000-8000-000000000007,authenticated,authenticated,short@example.com,$2a$10$tooShortToBeAHash,,"",,{},{},2024-05-07 00:00:00+00,2024-05-07 00:00:00+00,,,f,,f
        00000000-0000-0000-0000-000000000000,1a2b3c4d-0000-4000-8000-000000000008,authenticated,authenticated,ADA@Example.com,,,"",,{},{},2024-05-08 00:00:00+00,2024-05-08 00:00:00+00,,,f,,f
        00000000-0000-0000-0000-000000000000,6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b,authenticated,authenticated,other@example.com,,,"",,{},{},2024-05-09 00:00:00+00,2024-05-09 00:00:00+00,,,f,,f
        00000000-0000-0000-0000-000000000000,42,authenticated,authenticated,answer@example.com,,,"",,{},{},2024-05-10 00:00:00+00,2024-05-10 00:00:00+00,,,f,,f
        00000000-0000-0000-0000-000000000000,1a2b3c4d-0000-4000-8000-000000000011,authenticated,authenticated,list@example.com,,,"",,"[1, 2]",{},2024-05-11 00:00:00+00,2024-05-11 00:00:00+00,,,f,,f
        00000000-0000-0000-0000-000000000000,1a2b3c4d-0000-4000-8000-000000000012,authenticated,service_role,emmy@example.com,"$argon2id$v=19$m=64,t=3,p=1$wD8NpPYolI7g0RI8xnl7bQ$X+JtCdRgOa6g16HkhGU/Kki1Mgdw5raVReuTa60+fws",2024-05-12 00:00:00+00,"",,{},{},2024-05-12 00:00:00+00,2024-05-12 00:00:00+00,,infinity,t,,f
        00000000-0000-0000-0000-000000000000,1a2b3c4d-0000-4000-8000-000000000013,authenticated,authenticated,short2@example.com,,,"",,{},{},2024-05-13 00:00:00+00,2024-05-13 00:00:00+00,,,f

        """#

    static let json = #"""
        [
          {"instance_id": "00000000-0000-0000-0000-000000000000", "id": "6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b",
           "aud": "authenticated", "role": "authenticated", "email": "ada@example.com",
           "encrypted_password": "$2a$04$0NYRM//E3IKjMo2CvmjimebNo.GXwcWx/jYXpQHKOCM3QgsyxxM0W",
           "email_confirmed_at": "2024-05-01T10:21:00.5+00:00", "confirmation_token": "",
           "last_sign_in_at": "2024-06-01T08:00:00.123456+00:00",
           "raw_app_meta_data": {"provider": "email", "providers": ["email"]},
           "raw_user_meta_data": {"full_name": "Ada, Countess of Lovelace", "newsletter": true},
           "created_at": "2024-05-01T10:20:30.123456+00:00", "updated_at": "2024-06-01T08:00:00.123456+00:00",
           "phone": null, "banned_until": null, "is_sso_user": false, "deleted_at": null, "is_anonymous": false,
           "identities": [{"provider": "email"}]},
          {"id": "1a2b3c4d-0000-4000-8000-000000000004", "email": null, "encrypted_password": null, "is_anonymous": true},
          {"id": "1a2b3c4d-0000-4000-8000-000000000005", "email": "x@example.com", "is_anonymous": "sometimes"},
          {"id": 7, "email": "seven@example.com"},
          "not a row"
        ]
        """#

    @Test("a password account from CSV: the id kept, the hash, metadata with a quoted comma and line break")
    func passwordAccount() throws {
        let ada = try #require(try ImportFixtures.read(Self.csv, .supabase).first?.account)
        #expect(ada.id == UUID(uuidString: Self.adaId))
        #expect(ada.firebaseUid == nil)
        #expect(ada.email == "ada@example.com")
        #expect(ada.emailConfirmedAt == ImportFixtures.instant("2024-05-01T10:21:00.5Z"))
        #expect(ada.createdAt == ImportFixtures.instant("2024-05-01T10:20:30.123456Z"))
        #expect(ada.lastSignInAt == ImportFixtures.instant("2024-06-01T08:00:00.123456Z"))
        #expect(ada.appMetadata == ["provider": .string("email"), "providers": .array([.string("email")])])
        #expect(ada.userMetadata == ["full_name": .string("Ada, Countess of Lovelace"), "newsletter": .bool(true)])
        #expect(ada.role == "authenticated")
        #expect(ada.bannedUntil == nil)
        let hash = try #require(ada.passwordHash)
        #expect(ImportedPasswordVerifier.verify(Self.password, against: hash))
    }

    @Test("an OAuth user: the empty password is none, NULL confirmation is none, a ban with an offset")
    func oauthAccount() throws {
        let grace = try #require(try ImportFixtures.read(Self.csv, .supabase)[1].account)
        #expect(grace.passwordHash == nil)
        #expect(grace.emailConfirmedAt == nil)
        #expect(grace.lastSignInAt == nil)
        #expect(grace.bannedUntil == ImportFixtures.instant("2030-01-01T00:00:00Z"))
        #expect(grace.appMetadata["provider"] == .string("github"))
        #expect(grace.userMetadata.isEmpty)
    }

    @Test("GoTrue's other hash forms, the role, and PostgreSQL's infinity as the longest ban")
    func argon2Account() throws {
        let emmy = try #require(try ImportFixtures.read(Self.csv, .supabase)[11].account)
        #expect(emmy.passwordHash == (try ImportedPasswordHash(parsing: Self.argon2)))
        #expect(emmy.role == "service_role")
        #expect(emmy.bannedUntil == ImportFixtures.now.adding(seconds: AccountService.maximumBanSeconds))
    }

    @Test("each refusal of the CSV, at its position, with its reason")
    func refusals() throws {
        let entries = try ImportFixtures.read(Self.csv, .supabase)
        #expect(entries.map(\.position) == Array(1...13))
        let refused = entries.filter { $0.refusal != nil }.map { "\($0.position) \($0.sourceId.suffix(2)): \($0.refusal!)" }
        #expect(
            refused == [
                "3 03: deleted in the source (deleted_at is set)",
                "4 04: anonymous users are not imported",
                "5 05: email is missing: the user has only a phone number, and Gatehouse accounts are email accounts",
                "6 06: email is not a valid address",
                "7 07: encrypted_password: malformed bcrypt hash: salt and digest must be 53 characters of bcrypt's base64",
                "8 08: the same address appears earlier in the file (addresses compare case-insensitively)",
                "9 4b: the same id appears earlier in the file",
                "10 42: id is not a UUID",
                "11 11: raw_app_meta_data is not a JSON object",
                "13 13: the row has 16 fields where the header has 18",
            ])
    }

    @Test("the JSON export reads as the CSV does; its records refused on their own")
    func jsonExport() throws {
        let entries = try ImportFixtures.read(Self.json, .supabase)
        let csvAda = try #require(try ImportFixtures.read(Self.csv, .supabase).first?.account)
        #expect(entries.first?.account == csvAda)
        #expect(
            entries.dropFirst().map { "\($0.position) \($0.refusal ?? "")" } == [
                "2 anonymous users are not imported",
                "3 is_anonymous is not a boolean (t/f, true/false or 1/0)",
                "4 id is not a UUID",
                "5 the record is not a JSON object",
            ])
        #expect(entries[3].sourceId == "7")
    }

    @Test("no reason holds a hash, a password or an address")
    func reasonsHoldNoSecrets() throws {
        let secrets = [Self.bcrypt, Self.argon2, "$2a$10$tooShortToBeAHash", "tooShort", Self.password, "example.com", "15551234567"]
        ImportFixtures.expectNoSecrets(in: try ImportFixtures.read(Self.csv, .supabase), secrets)
        ImportFixtures.expectNoSecrets(in: try ImportFixtures.read(Self.json, .supabase), secrets)
    }

    @Test("a header without the columns an import needs; a header alone; nothing at all")
    func headers() throws {
        #expect(throws: ImportFileError.missingColumns(["encrypted_password"])) {
            try ImportFixtures.read("id,email,created_at\n\(Self.adaId),ada@example.com,\n", .supabase)
        }
        #expect(throws: ImportFileError.missingColumns(["id", "email", "encrypted_password"])) {
            try ImportFixtures.read("uuid,mail,hash\n", .supabase)
        }
        #expect(try ImportFixtures.read("id,email,encrypted_password\n", .supabase).isEmpty)
        #expect(throws: ImportFileError.empty) { try ImportFixtures.read("", .supabase) }
        #expect(throws: ImportFileError.unexpectedJSONShape(expected: SupabaseExportReader.expectedShape)) {
            try ImportFixtures.read(#"{"users": []}"#, .supabase)
        }
    }
}
