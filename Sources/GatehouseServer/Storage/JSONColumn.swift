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

/// Metadata objects live in TEXT columns as JSON, the same on both engines.
///
/// Read by Core's `JSONValue.parse`, straight into values: `JSONDecoder` had to try each JSON
/// type in turn through `JSONValue`'s Codable init, and `JSONSerialization` (used after it) built
/// an `Any` tree to convert, after a separate depth scan; on the refresh path, three metadata
/// columns per user read, either was a measurable share of the CPU (Benchmarks/PROFILE.md).
enum JSONColumn {
    /// Written with Core's `JSONWriter`, keys sorted at every level (one text per value, as
    /// `.sortedKeys` gave). `JSONSerialization`, writing the small audit `traits` object, was over
    /// a tenth of a `/recover` request's whole cost (Benchmarks/PROFILE.md).
    static func encode(_ object: [String: JSONValue]) -> String {
        var writer = JSONWriter(capacity: 64)
        writeSorted(object, to: &writer)
        return String(decoding: writer.bytes, as: UTF8.self)
    }

    private static func writeSorted(_ object: [String: JSONValue], to writer: inout JSONWriter) {
        writer.sortedObject(object) { writeSorted($1, to: &$0) }
    }

    private static func writeSorted(_ value: JSONValue, to writer: inout JSONWriter) {
        switch value {
        case .object(let members): writeSorted(members, to: &writer)
        case .array(let values): writer.array(values) { writeSorted($1, to: &$0) }
        case .null, .bool, .number, .string: value.write(to: &writer)
        }
    }

    /// Stored values nested deeper than this read as `{}`: they predate the
    /// bound on request bodies, and every encoder that writes them out again (the admin
    /// listing's answered 500 past 512 levels) must stay within its own limit. The parser stops
    /// at the bound, so a deep value costs no more than reading to that depth.
    static let maximumStoredDepth = 128

    /// The object stored in a column; `{}` for NULL, for what is not a JSON object, and for
    /// anything nested past `maximumStoredDepth`.
    static func decode(_ text: String?) -> [String: JSONValue] {
        guard let text, case .object(let members)? = try? JSONValue.parse(text, maximumDepth: maximumStoredDepth) else { return [:] }
        return members
    }
}
