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

/// `gatehouse users import`'s logic (`OperatorUsers.importAccounts`) on a real store: a dry
/// run writes nothing, an import writes what the file holds (ids, confirmation, bans, hashes),
/// a re-run skips what is already here, and the people sign in with their old passwords.
@Suite("Operator commands: users import")
struct OperatorImportTests {
    static let bcryptOfPassword = "$2a$04$0NYRM//E3IKjMo2CvmjimebNo.GXwcWx/jYXpQHKOCM3QgsyxxM0W"
    static let password = "correct horse battery staple"

    /// A Supabase `auth.users` export as `COPY … TO STDOUT WITH CSV HEADER` writes it.
    static func supabaseCSV(ids: [String], emails: [String]) -> String {
        """
        instance_id,id,aud,role,email,encrypted_password,email_confirmed_at,raw_app_meta_data,raw_user_meta_data,banned_until,created_at,updated_at,last_sign_in_at,deleted_at,is_anonymous
        00000000-0000-0000-0000-000000000000,\(ids[0]),authenticated,authenticated,\(emails[0]),\(bcryptOfPassword),2024-05-01 10:20:30.123456+00,"{""provider"": ""email"", ""providers"": [""email""]}","{""name"": ""Ada, Countess""}",,2024-05-01 10:20:30.123456+00,2024-05-01 10:20:30.123456+00,,,f
        00000000-0000-0000-0000-000000000000,\(ids[1]),authenticated,authenticated,\(emails[1]),\(bcryptOfPassword),2024-05-01 10:20:30+00,{},{},2999-01-01 00:00:00+00,2024-05-01 10:20:30+00,2024-05-01 10:20:30+00,,,f
        00000000-0000-0000-0000-000000000000,\(ids[2]),authenticated,authenticated,\(emails[2]),\(bcryptOfPassword),,{},{},,2024-05-01 10:20:30+00,2024-05-01 10:20:30+00,,2024-06-01 00:00:00+00,f

        """
    }

    @Test("dry run, import, re-run; the imported sign in, the banned do not", arguments: Backend.all)
    func supabaseImport(_ backend: Backend) async throws {
        try await TestServer.withDatabase(backend) { database in
            let ids = (0..<3).map { _ in UUID().uuidString.lowercased() }
            let emails = (0..<3).map { TestServer.uniqueEmail("import-\($0)") }
            let file = Array(Self.supabaseCSV(ids: ids, emails: emails).utf8)
            try await OperatorUsersTests.withUsers(database) { users async throws in
                let dry = try await users.importAccounts(file, OperatorImportRequest(source: "supabase", dryRun: true))
                #expect((dry.imported, dry.skipped, dry.refused) == (2, 0, 1), "\(dry)")
                #expect(dry.records[2].reason?.hasPrefix("deleted in the source") == true, "\(dry.records[2])")
                let listed = try await users.list(page: 1, perPage: 1000, emailContaining: "import-")
                #expect(!listed.users.contains { emails.contains($0.email) }, "a dry run wrote")

                let done = try await users.importAccounts(file, OperatorImportRequest(source: "supabase", batchSize: 1))
                #expect((done.imported, done.skipped, done.refused) == (2, 0, 1), "\(done)")
                #expect(done.records.map(\.userId) == [ids[0], ids[1], nil])
                let again = try await users.importAccounts(file, OperatorImportRequest(source: "supabase"))
                #expect((again.imported, again.skipped, again.refused) == (0, 2, 1), "\(again)")

                let shown = try await users.show(ids[0])
                #expect(shown.email == emails[0] && shown.confirmedAt != nil)
                for record in done.records + again.records {
                    #expect(!(record.reason ?? "").contains("$2a$"), "a report carries a hash")
                    #expect(!(record.reason ?? "").contains("@"), "a report carries an address")
                }
                let unknown = await OperatorUsersTests.failure {
                    _ = try await users.importAccounts(file, OperatorImportRequest(source: "auth0"))
                }
                #expect(unknown?.kind == .usage)
                let garbage = await OperatorUsersTests.failure {
                    _ = try await users.importAccounts(Array("{\"users\": 3}".utf8), OperatorImportRequest(source: "firebase"))
                }
                #expect(garbage?.kind == .refused)
            }
            try await TestServer.run(on: database) { api async throws in
                let signedIn = try await api.signIn(emails[0], Self.password)
                #expect(signedIn["user"]?["id"]?.stringValue == ids[0], "\(signedIn)")
                #expect(signedIn["user"]?["user_metadata"]?["name"]?.stringValue == "Ada, Countess")
                #expect(try await api.signIn(emails[0], "not the password").errorCode == "invalid_credentials")
                #expect(try await api.signIn(emails[1], Self.password).errorCode == "user_banned")
                #expect(try await api.signIn(emails[2], Self.password).errorCode == "invalid_credentials")
            }
        }
    }
}
