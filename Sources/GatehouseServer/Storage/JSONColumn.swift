import Foundation
import GatehouseCore

/// Metadata objects live in TEXT columns as JSON, the same on both engines.
enum JSONColumn {
    static func encode(_ object: [String: JSONValue]) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        // Encoding a [String: JSONValue] cannot fail: every case is representable.
        return (try? String(decoding: encoder.encode(object), as: UTF8.self)) ?? "{}"
    }

    static func decode(_ text: String?) -> [String: JSONValue] {
        guard let text, let data = text.data(using: .utf8) else { return [:] }
        return (try? JSONDecoder().decode([String: JSONValue].self, from: data)) ?? [:]
    }
}
