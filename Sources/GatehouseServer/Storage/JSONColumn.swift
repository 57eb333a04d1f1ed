import Foundation
import GatehouseCore

/// Metadata objects live in TEXT columns as JSON, the same on both engines.
///
/// Read through `JSONSerialization` rather than `JSONDecoder`: `JSONValue`'s Codable init has to
/// try each JSON type in turn, and on the refresh path (three metadata columns per user read) the
/// thrown-and-caught type mismatches were a measurable share of the CPU.
enum JSONColumn {
    static func encode(_ object: [String: JSONValue]) -> String {
        guard let data = try? JSONSerialization.data(withJSONObject: object.mapValues(foundationObject), options: [.sortedKeys]) else {
            return "{}"
        }
        return String(decoding: data, as: UTF8.self)
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

    private static func foundationObject(_ value: JSONValue) -> Any {
        switch value {
        case .null: return NSNull()
        case .bool(let bool): return bool
        case .number(let number): return number.rounded() == number && abs(number) < 9_007_199_254_740_992 ? Int64(number) as Any : number
        case .string(let string): return string
        case .array(let array): return array.map(foundationObject)
        case .object(let object): return object.mapValues(foundationObject)
        }
    }
}
