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

import PostgresNIO

/// How a column of `String`, `Int`, `Int64`, `Bool`, `Double` or their optionals is read
/// straight from its cell (`PostgresDirectRow.decode`), giving what PostgresKit's SQLKit rows give
/// for it: those read every `PostgresDecodable` type through the same `PostgresCell.decode`, but
/// only after instantiating a generic decoding context and casting the type through `Any`, at
/// every column of every row. Any other type is left to PostgresKit.
///
/// The type is matched by identity; the optional metatypes are made once (as `SQLiteSimpleColumn`
/// does, and for the same reason).
enum PostgresSimpleColumn {
    case text, optionalText, integer, optionalInteger, integer64, optionalInteger64
    case boolean, optionalBoolean, double, optionalDouble

    private static let readable: [(type: ObjectIdentifier, column: PostgresSimpleColumn)] = [
        (ObjectIdentifier(String.self), .text), (ObjectIdentifier(String?.self), .optionalText),
        (ObjectIdentifier(Int.self), .integer), (ObjectIdentifier(Int?.self), .optionalInteger),
        (ObjectIdentifier(Int64.self), .integer64), (ObjectIdentifier(Int64?.self), .optionalInteger64),
        (ObjectIdentifier(Bool.self), .boolean), (ObjectIdentifier(Bool?.self), .optionalBoolean),
        (ObjectIdentifier(Double.self), .double), (ObjectIdentifier(Double?.self), .optionalDouble),
    ]

    /// How `type` is read, if it is one of these.
    init?(_ type: Any.Type) {
        let wanted = ObjectIdentifier(type)
        guard let match = Self.readable.first(where: { $0.type == wanted }) else { return nil }
        self = match.column
    }

    /// `cell` as `D`, the type this column was made for: each cast below is to `D` itself.
    func read<D>(_ cell: PostgresCell, as type: D.Type) throws -> D {
        switch self {
        case .text: unsafeBitCast(try cell.decode(String.self), to: D.self)
        case .optionalText: unsafeBitCast(try cell.decode(String?.self), to: D.self)
        case .integer: unsafeBitCast(try cell.decode(Int.self), to: D.self)
        case .optionalInteger: unsafeBitCast(try cell.decode(Int?.self), to: D.self)
        case .integer64: unsafeBitCast(try cell.decode(Int64.self), to: D.self)
        case .optionalInteger64: unsafeBitCast(try cell.decode(Int64?.self), to: D.self)
        case .boolean: unsafeBitCast(try cell.decode(Bool.self), to: D.self)
        case .optionalBoolean: unsafeBitCast(try cell.decode(Bool?.self), to: D.self)
        case .double: unsafeBitCast(try cell.decode(Double.self), to: D.self)
        case .optionalDouble: unsafeBitCast(try cell.decode(Double?.self), to: D.self)
        }
    }
}
