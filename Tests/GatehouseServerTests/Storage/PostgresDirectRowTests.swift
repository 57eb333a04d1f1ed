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
import PostgresNIO
import SQLKit
import Testing

@testable import GatehouseServer

/// A kept statement's rows read their common columns straight from the cells. Whatever they
/// answer, PostgresKit's own rows for the same statement must answer too: the same values, the
/// same NULLs, an error for the same mismatches.
@Suite("PostgreSQL: a kept statement's rows read as PostgresKit reads them")
struct PostgresDirectRowTests {
    struct ProbeStatement: PostgresKeptStatement {
        static let sql = """
            SELECT 'text'::text AS t, NULL::text AS t_null, 'varchar'::varchar AS v, 42::int8 AS i8, NULL::int8 AS i8_null,
                7::int4 AS i4, 3::int2 AS i2, true AS b, NULL::bool AS b_null, 1.5::float8 AS d, NULL::float8 AS d_null,
                'c3a7b3c2-8f3e-4c1a-9d5e-1f2a3b4c5d6e'::uuid AS u
            """
        func makeBindings() throws -> PostgresBindings { PostgresBindings() }
    }

    struct SharedNameStatement: PostgresKeptStatement {
        static let sql = "SELECT 1::int8 AS a, 2::int8 AS a"
        func makeBindings() throws -> PostgresBindings { PostgresBindings() }
    }

    /// Runs `body` on a connection of a scratch PostgreSQL database.
    static func onConnection(_ backend: Backend, _ body: @escaping @Sendable (PostgresConnectionSQL) async throws -> Void) async throws {
        try await TestServer.withDatabase(backend) { database in
            try await database.withStore { store in
                try await store.read { sql in try await body(try #require(sql as? PostgresConnectionSQL)) }
            }
        }
    }

    /// Both rows' answer for `column` as `type`: equal values, or both an error.
    static func expectSame<D: Decodable & Equatable>(
        _ type: D.Type, _ column: String, _ direct: any SQLRow, _ kit: any SQLRow, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let mine = Result { try direct.decode(column: column, as: D.self) }
        let theirs = Result { try kit.decode(column: column, as: D.self) }
        switch (mine, theirs) {
        case (.success(let a), .success(let b)):
            #expect(a == b, "\(column) as \(D.self)", sourceLocation: sourceLocation)
        case (.failure, .failure): break
        default:
            Issue.record("\(column) as \(D.self): \(mine) against PostgresKit's \(theirs)", sourceLocation: sourceLocation)
        }
    }

    @Test(
        "every simple type, NULLs, mismatches, a type left to PostgresKit, a missing column",
        arguments: Backend.all.filter { $0 == .postgres })
    func sameAnswers(_ backend: Backend) async throws {
        try await Self.onConnection(backend) { connection in
            let direct = try #require(try await connection.rows(ProbeStatement()).first)
            let kit = try #require(try await connection.raw(SQLQueryString(ProbeStatement.sql)).all().first)
            #expect(direct is PostgresDirectRow, "the cells are not read directly: \(type(of: direct))")
            #expect(direct.allColumns == kit.allColumns)

            for column in ["t", "t_null", "v", "i8"] {
                Self.expectSame(String.self, column, direct, kit)
                Self.expectSame(String?.self, column, direct, kit)
            }
            for column in ["i8", "i8_null", "i4", "i2", "t"] {
                Self.expectSame(Int.self, column, direct, kit)
                Self.expectSame(Int?.self, column, direct, kit)
                Self.expectSame(Int64.self, column, direct, kit)
                Self.expectSame(Int64?.self, column, direct, kit)
            }
            for column in ["b", "b_null", "i8"] {
                Self.expectSame(Bool.self, column, direct, kit)
                Self.expectSame(Bool?.self, column, direct, kit)
            }
            for column in ["d", "d_null", "t"] {
                Self.expectSame(Double.self, column, direct, kit)
                Self.expectSame(Double?.self, column, direct, kit)
            }
            Self.expectSame(UUID.self, "u", direct, kit)
            Self.expectSame(String.self, "missing", direct, kit)
            #expect(try direct.decode(column: "i8", as: Int64.self) == 42)
            #expect(try direct.decode(column: "t_null", as: String?.self) == nil)
            for column in ["t", "t_null", "missing"] {
                #expect(direct.contains(column: column) == kit.contains(column: column), "\(column)")
                #expect(try direct.decodeNil(column: column) == kit.decodeNil(column: column), "\(column)")
            }
        }
    }

    @Test("two columns of one name: PostgresKit's rows, which read the last of them", arguments: Backend.all.filter { $0 == .postgres })
    func sharedNames(_ backend: Backend) async throws {
        try await Self.onConnection(backend) { connection in
            let row = try #require(try await connection.rows(SharedNameStatement()).first)
            #expect(!(row is PostgresDirectRow))
            #expect(try row.decode(column: "a", as: Int64.self) == 2)
        }
    }
}
