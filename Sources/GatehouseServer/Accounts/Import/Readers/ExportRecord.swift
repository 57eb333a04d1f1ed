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

/// One record of an export, a CSV row or a JSON object, as the readers ask for its fields: each
/// accessor reads the field in the form either kind of file writes it, nil when it is absent or
/// null, and refuses the record (naming the field and the rule) when it is of another kind.
struct ExportRecord {
    private enum Value {
        /// CSV: every field is text.
        case text(String)
        case json(JSONValue)
    }

    private var values: [String: Value]

    /// A CSV row's fields under `header`'s names; a row with another number of fields than
    /// the header is refused by the caller.
    init(csv fields: [String?], header: CSVHeader) {
        var values: [String: Value] = [:]
        for (name, index) in header.indexes where index < fields.count {
            if let field = fields[index] { values[name] = .text(field) }
        }
        self.values = values
    }

    /// A JSON object's members (a JSON null is the same as no member).
    init(json object: [String: JSONValue]) {
        values = object.compactMapValues { $0 == .null ? nil : .json($0) }
    }

    /// Text; a JSON number that is a whole number reads as its digits (Django's `pk`).
    func text(_ name: String) throws(ImportRefusal) -> String? {
        switch values[name] {
        case nil: return nil
        case .text(let text), .json(.string(let text)): return text
        case .json(.number(let number)):
            guard let integer = Self.integer(number) else { throw ImportRefusal("\(name) is not a whole number") }
            return String(integer)
        case .json: throw ImportRefusal("\(name) is not text")
        }
    }

    /// Text that is not empty (an empty field says as little as an absent one).
    func nonEmptyText(_ name: String) throws(ImportRefusal) -> String? {
        guard let text = try text(name), !text.isEmpty else { return nil }
        return text
    }

    /// A boolean: JSON's, or PostgreSQL's and spreadsheets' `t`/`f`, `true`/`false`, `1`/`0`
    /// in any case.
    func flag(_ name: String) throws(ImportRefusal) -> Bool? {
        let text: String
        switch values[name] {
        case nil: return nil
        case .json(.bool(let value)): return value
        case .json(.number(let number)) where number == 0 || number == 1: return number == 1
        case .text(let value), .json(.string(let value)): text = value
        case .json: throw ImportRefusal("\(name) is not a boolean")
        }
        switch text.trimmingCharacters(in: .whitespaces).lowercased() {
        case "": return nil
        case "t", "true", "1": return true
        case "f", "false", "0": return false
        default: throw ImportRefusal("\(name) is not a boolean (t/f, true/false or 1/0)")
        }
    }

    /// A date and time (`ExportTimestamp.parse`).
    func timestamp(_ name: String) throws(ImportRefusal) -> Timestamp? {
        guard let text = try nonEmptyText(name) else { return nil }
        guard let instant = ExportTimestamp.parse(text) else {
            throw ImportRefusal("\(name) is not a date and time (RFC 3339 or PostgreSQL's form)")
        }
        return instant
    }

    /// Milliseconds since the epoch, as digits or a JSON number (Firebase's times).
    func milliseconds(_ name: String) throws(ImportRefusal) -> Timestamp? {
        guard let text = try nonEmptyText(name) else { return nil }
        guard let instant = ExportTimestamp.milliseconds(text) else {
            throw ImportRefusal("\(name) is not a time in milliseconds since 1970 within the years 0000 to 9999")
        }
        return instant
    }

    /// A JSON object: a JSON export's object, or JSON text holding one (a CSV's jsonb column,
    /// Firebase's `customAttributes`). JSON null and empty text are none.
    func object(_ name: String) throws(ImportRefusal) -> [String: JSONValue]? {
        let value: JSONValue
        switch values[name] {
        case nil: return nil
        case .json(.object(let object)): return object
        case .text(let text), .json(.string(let text)):
            guard !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { return nil }
            guard let decoded = try? JSONDecoder().decode(JSONValue.self, from: Data(text.utf8)) else {
                throw ImportRefusal("\(name) is not a JSON object: the text is not JSON")
            }
            value = decoded
        case .json(let other): value = other
        }
        switch value {
        case .null: return nil
        case .object(let object): return object
        default: throw ImportRefusal("\(name) is not a JSON object")
        }
    }

    /// A JSON number that is a whole number within ±2^53 (beyond, a double is not exact).
    static func integer(_ number: Double) -> Int64? {
        guard number.rounded() == number, abs(number) <= 9_007_199_254_740_992 else { return nil }
        return Int64(number)
    }
}
