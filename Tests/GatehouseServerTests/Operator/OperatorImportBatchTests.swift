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

/// An import batch is looked up and written with a few multi-row statements: its outcomes are
/// those of one account at a time (repeats within the file and accounts already stored, in file
/// order), and a batch larger than one statement's rows is written whole, each account with its
/// email identity and its audit entry.
@Suite("Operator commands: users import, a batch at once")
struct OperatorImportBatchTests {
    static let header = "id,email,encrypted_password,email_confirmed_at,created_at"

    static func line(_ id: String, _ email: String) -> String {
        "\(id),\(email),\(OperatorImportTests.bcryptOfPassword),2024-05-01 10:20:30+00,2024-05-01 10:20:30+00"
    }

    static func csv(_ lines: [String]) -> [UInt8] {
        Array(([header] + lines).joined(separator: "\n").utf8) + Array("\n".utf8)
    }

    @Test("conflicts within the batch and with stored accounts, decided in file order", arguments: Backend.all)
    func conflictsInOrder(_ backend: Backend) async throws {
        try await TestServer.withDatabase(backend) { database in
            let ids = (0..<6).map { _ in UUID().uuidString.lowercased() }
            let emails = (0..<6).map { TestServer.uniqueEmail("batch-\($0)") }
            try await OperatorUsersTests.withUsers(database) { users async throws in
                let stored = try await users.importAccounts(
                    Self.csv([Self.line(ids[4], emails[4]), Self.line(ids[5], emails[5])]), OperatorImportRequest(source: "supabase"))
                #expect(stored.imported == 2, "\(stored)")

                let file = Self.csv([
                    Self.line(ids[0], emails[0]),
                    Self.line(ids[0], emails[1]),  // the id of the line before
                    Self.line(ids[1], emails[0].uppercased()),  // the address of the first line
                    Self.line(ids[4], emails[2]),  // a stored account's id
                    Self.line(ids[2], emails[5]),  // a stored account's address
                    Self.line(ids[3], emails[3]),
                ])
                let report = try await users.importAccounts(file, OperatorImportRequest(source: "supabase"))
                // The file's own repeats are refused by the reader; the stored accounts are skipped.
                #expect(report.records.map(\.outcome) == ["imported", "refused", "refused", "skipped", "skipped", "imported"], "\(report)")
                #expect(report.records[1].reason?.hasPrefix("the same id appears earlier") == true, "\(report.records[1])")
                #expect(report.records[2].reason?.hasPrefix("the same address appears earlier") == true, "\(report.records[2])")
                #expect(report.records[3...4].map(\.reason) == [ImportSkip.idExists.rawValue, ImportSkip.addressExists.rawValue])
                #expect(try await users.show(ids[0]).email == emails[0])
                #expect(try await users.show(ids[3]).email == emails[3])
                #expect(try await users.show(ids[4]).email == emails[4], "a stored account was overwritten")
                let skipped = await OperatorUsersTests.failure { _ = try await users.show(ids[1]) }
                #expect(skipped != nil, "a skipped line was written")
            }
        }
    }

    @Test("a batch of more rows than a statement carries is written whole", arguments: Backend.all)
    func batchOverSeveralStatements(_ backend: Backend) async throws {
        let count = StatementRows.limit * 2 + 7
        let tag = UUID().uuidString.prefix(8).lowercased()
        let ids = (0..<count).map { _ in UUID().uuidString.lowercased() }
        let emails = (0..<count).map { "many-\(tag)-\($0)@example.com" }
        let file = Self.csv(zip(ids, emails).map { Self.line($0, $1) })
        try await TestServer.withDatabase(backend) { database in
            try await OperatorUsersTests.withUsers(database) { users async throws in
                let report = try await users.importAccounts(file, OperatorImportRequest(source: "supabase", batchSize: count))
                #expect((report.imported, report.skipped, report.refused) == (count, 0, 0), "\(report.imported) \(report.skipped)")
                let again = try await users.importAccounts(file, OperatorImportRequest(source: "supabase", batchSize: count))
                #expect((again.imported, again.skipped) == (0, count))
            }
            try await TestServer.run(on: database) { api async throws in
                // The last statement's accounts sign in, with their email identity.
                let signedIn = try await api.signIn(emails[count - 1], OperatorImportTests.password)
                #expect(signedIn["user"]?["id"]?.stringValue == ids[count - 1], "\(signedIn)")
                #expect(signedIn["user"]?["identities"]?[0]?["provider"]?.stringValue == "email", "\(signedIn)")
                let audit = try await api.send(.get, "/admin/audit?action=user_imported&per_page=1", bearer: api.serviceRoleToken)
                #expect(audit.status == .ok, "\(audit)")
                #expect(audit.header("X-Total-Count") == String(count), "\(audit.headers)")
            }
        }
    }
}
