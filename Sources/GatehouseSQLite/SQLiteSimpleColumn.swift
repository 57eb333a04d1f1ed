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

import SQLiteNIO

/// How a column of `String`, `Int`, `Int64` or their optionals is read straight from its
/// `SQLiteData` (`SQLiteDirectRow.decode`) when the value is of that kind, giving what
/// `SQLiteDataDecoder` gives for it. Any other type or value is left to the decoder.
///
/// The type is matched by identity, not by a cast to a protocol: `D.self as? any P.Type` looked
/// the conformance up and instantiated `Optional<D>`'s metadata at every column of every row.
/// Nothing here returns `D?` either, which would instantiate it again (Benchmarks/PROFILE.md).
struct SQLiteSimpleColumn {
    private enum Kind {
        case text, integer, integer64
    }

    private let kind: Kind
    /// Whether the type is the optional of its kind (NULL reads as nil).
    private let optional: Bool

    /// Each readable type: six identities compared in turn, cheaper than hashing one. Optional
    /// metatypes are made once here: each use of `String?.self` in generic code looks them up.
    private static let readable: [(type: ObjectIdentifier, column: SQLiteSimpleColumn)] = [
        (ObjectIdentifier(String.self), .init(kind: .text, optional: false)),
        (ObjectIdentifier(String?.self), .init(kind: .text, optional: true)),
        (ObjectIdentifier(Int.self), .init(kind: .integer, optional: false)),
        (ObjectIdentifier(Int?.self), .init(kind: .integer, optional: true)),
        (ObjectIdentifier(Int64.self), .init(kind: .integer64, optional: false)),
        (ObjectIdentifier(Int64?.self), .init(kind: .integer64, optional: true)),
    ]

    private init(kind: Kind, optional: Bool) {
        self.kind = kind
        self.optional = optional
    }

    /// How `type` is read, if it is one of the six.
    init?(_ type: Any.Type) {
        let wanted = ObjectIdentifier(type)
        guard let match = Self.readable.first(where: { $0.type == wanted }) else { return nil }
        self = match.column
    }

    /// Whether `value` is of this column's kind (or NULL, for an optional).
    func accepts(_ value: SQLiteData) -> Bool {
        switch (kind, value) {
        case (.text, .text), (.integer, .integer), (.integer64, .integer): true
        case (_, .null): optional
        default: false
        }
    }

    /// `value`, which `accepts`, as `D`: the type this column was made for, so each cast below is
    /// to `D` itself.
    func read<D>(_ value: SQLiteData, as type: D.Type) -> D {
        switch (kind, value) {
        case (.text, .text(let text)):
            optional ? unsafeBitCast(Optional(text), to: D.self) : unsafeBitCast(text, to: D.self)
        case (.integer, .integer(let integer)):
            optional ? unsafeBitCast(Optional(integer), to: D.self) : unsafeBitCast(integer, to: D.self)
        case (.integer64, .integer(let integer)):
            optional ? unsafeBitCast(Optional(Int64(integer)), to: D.self) : unsafeBitCast(Int64(integer), to: D.self)
        case (.text, _): unsafeBitCast(String?.none, to: D.self)
        case (.integer, _): unsafeBitCast(Int?.none, to: D.self)
        case (.integer64, _): unsafeBitCast(Int64?.none, to: D.self)
        }
    }
}
