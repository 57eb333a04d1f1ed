import Foundation
import GatehouseCore

/// Metadata objects live in TEXT columns as JSON, the same on both engines.
///
/// Read through `JSONSerialization` rather than `JSONDecoder`: `JSONValue`'s Codable init has to
/// try each JSON type in turn, and on the refresh path (three metadata columns per user read) the
/// thrown-and-caught type mismatches were a measurable share of the CPU.
enum JSONColumn {
    /// Written with Core's `JSONWriter`, keys sorted at every level (one text per value, as
    /// `.sortedKeys` gave). `JSONSerialization` spent about 100,000 instructions on a two-key
    /// audit `traits` object, 13 % of a `/recover` request's whole cost (Benchmarks/PROFILE.md).
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

    /// Stored values nested deeper than this read as `{}` (issue 19, item 2): they predate the
    /// bound on request bodies, and every encoder that writes them out again (the admin
    /// listing's answered 500 past 512 levels) must stay within its own limit. The depth is
    /// checked by a linear byte scan before parsing.
    static let maximumStoredDepth = 128

    static func decode(_ text: String?) -> [String: JSONValue] {
        guard let text else { return [:] }
        if case .tooDeep? = JSONShape.check(text.utf8, maximumDepth: maximumStoredDepth) { return [:] }
        guard let object = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any] else { return [:] }
        return object.mapValues(jsonValue)
    }

    private static func jsonValue(_ object: Any) -> JSONValue {
        switch object {
        case let value as String: return .string(value)
        case let value as NSNumber:
            // JSONSerialization gives booleans as NSNumbers too, of Objective-C type "c" (char).
            if String(cString: value.objCType) == "c" { return .bool(value.boolValue) }
            return .number(value.doubleValue)
        case let value as [Any]: return .array(value.map(jsonValue))
        case let value as [String: Any]: return .object(value.mapValues(jsonValue))
        default: return .null
        }
    }
}
