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

import NIOCore
import SQLiteKit
import Testing

@testable import GatehouseSQLite
@testable import GatehouseServer

/// `SQLiteDirectRow` reads text, whole numbers and NULL without `Codable`'s decoder: for every
/// value kind and column type it must give exactly what `SQLiteDataDecoder` gives (or fail where
/// it fails).
@Suite struct SQLiteDirectRowTests {
    static let values: [SQLiteData] = [
        .text("hello"), .text(""), .text("42"), .integer(42), .integer(-7), .integer(0), .float(1.5), .null,
        .blob(ByteBuffer(bytes: [1, 2, 3])),
    ]

    @Test(arguments: values) func decodesAsSQLiteDataDecoderDoes(value: SQLiteData) {
        let row = SQLiteDirectRow(columns: .init(["c"]), values: [value])
        expectSame(row, value, String.self)
        expectSame(row, value, String?.self)
        expectSame(row, value, Int.self)
        expectSame(row, value, Int?.self)
        expectSame(row, value, Int64.self)
        expectSame(row, value, Int64?.self)
        expectSame(row, value, Double.self)
        expectSame(row, value, Bool?.self)
    }

    @Test func columnsAreFoundInAnyOrderAndASharedNameIsItsFirst() {
        let names = (0..<40).map { "column_\($0)" }
        let columns = RowColumns(names)
        // In order, backwards, and in a shuffled order with repeats: the hint never changes an answer.
        for name in names + names.reversed() + (names + names).shuffled() {
            #expect(columns.position(of: name) == names.firstIndex(of: name))
        }
        #expect(columns.position(of: "missing") == nil)
        let shared = RowColumns(["id", "name", "id", "size"])
        for name in ["size", "id", "name", "id", "size", "id"] {
            #expect(shared.position(of: name) == ["id": 0, "name": 1, "size": 3][name])
        }
    }

    @Test func aMissingColumnIsAnError() {
        let row = SQLiteDirectRow(columns: .init(["c"]), values: [.text("x")])
        #expect(throws: SQLiteDirectError.self) { try row.decode(column: "d", as: String.self) }
        #expect(throws: Never.self) { try row.decodeNil(column: "d") }
    }

    private func expectSame<D: Decodable & Equatable>(_ row: SQLiteDirectRow, _ value: SQLiteData, _ type: D.Type) {
        let reference = Result { try SQLiteDataDecoder().decode(D.self, from: value) }
        let direct = Result { try row.decode(column: "c", as: D.self) }
        switch (reference, direct) {
        case (.success(let expected), .success(let got)): #expect(got == expected, "\(value) as \(D.self)")
        case (.failure, .failure): break
        default: Issue.record("\(value) as \(D.self): the decoder gave \(reference), the row \(direct)")
        }
    }
}
