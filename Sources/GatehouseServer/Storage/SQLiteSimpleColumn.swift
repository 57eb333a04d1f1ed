import SQLiteNIO

/// The column types read straight from their `SQLiteData` (`SQLiteDirectRow.decode`): `String`,
/// `Int`, `Int64` and their optionals, when the value is of their own kind, giving what
/// `SQLiteDataDecoder` gives for it. For any other type or value, nil: the decoder reads it.
///
/// The type is matched by identity, not by a cast to a protocol: `D.self as? any P.Type` looked
/// the conformance up and instantiated `Optional<D>`'s metadata at every column (~700
/// instructions, 32 columns a refresh; Benchmarks/PROFILE.md, session 11).
enum SQLiteSimpleColumn {
    private enum Kind {
        case text, integer, integer64
    }

    /// Each readable type, and whether it is the optional of its kind: six identities compared
    /// in turn, cheaper than hashing one. Optional metatypes are made once here: each use of
    /// `String?.self` in generic code looks its metadata up again.
    private static let kinds: [(type: ObjectIdentifier, kind: Kind, optional: Bool)] = [
        (ObjectIdentifier(String.self), .text, false), (ObjectIdentifier(String?.self), .text, true),
        (ObjectIdentifier(Int.self), .integer, false), (ObjectIdentifier(Int?.self), .integer, true),
        (ObjectIdentifier(Int64.self), .integer64, false), (ObjectIdentifier(Int64?.self), .integer64, true),
    ]

    static func read<D>(_ value: SQLiteData, as type: D.Type) -> D? {
        let wanted = ObjectIdentifier(type)
        guard let (_, kind, optional) = kinds.first(where: { $0.type == wanted }) else { return nil }
        // D is exactly the type matched above, so each cast below is to D itself.
        switch (kind, value) {
        case (.text, .text(let text)):
            return optional ? unsafeBitCast(Optional(text), to: D.self) : unsafeBitCast(text, to: D.self)
        case (.integer, .integer(let integer)):
            return optional ? unsafeBitCast(Optional(integer), to: D.self) : unsafeBitCast(integer, to: D.self)
        case (.integer64, .integer(let integer)):
            let wide = Int64(integer)
            return optional ? unsafeBitCast(Optional(wide), to: D.self) : unsafeBitCast(wide, to: D.self)
        case (_, .null) where optional:
            switch kind {
            case .text: return unsafeBitCast(String?.none, to: D.self)
            case .integer: return unsafeBitCast(Int?.none, to: D.self)
            case .integer64: return unsafeBitCast(Int64?.none, to: D.self)
            }
        default:
            return nil
        }
    }
}
