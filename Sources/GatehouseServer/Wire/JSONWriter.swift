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

/// A type that can write itself as JSON without `Codable`.
///
/// For the answers the server sends most (sessions and users) and the claims of every access
/// token. `JSONEncoder` goes through `Codable`'s generic containers and dynamic casts for every
/// field, which measured 17 % of a token refresh's CPU. The `Codable` conformances stay the
/// reference: tests check that both give the same JSON for the same value.
public protocol JSONWritable {
    func write(to writer: inout JSONWriter)
}

/// Writes JSON straight into UTF-8 bytes: objects, arrays, strings (escaped as RFC 8259
/// requires, slashes left alone as with `.withoutEscapingSlashes`), integers, booleans, null.
public struct JSONWriter: Sendable {
    public private(set) var bytes: [UInt8] = []
    /// Whether the next member or element needs a comma before it.
    private var needsComma = false

    public init(capacity: Int = 1024) {
        bytes.reserveCapacity(capacity)
    }

    /// `value` as JSON bytes.
    public static func encode(_ value: some JSONWritable) -> [UInt8] {
        var writer = JSONWriter()
        value.write(to: &writer)
        return writer.bytes
    }

    // MARK: Containers

    /// `{…}`: `members` writes the members with the `field` functions.
    public mutating func object(_ members: (inout JSONWriter) -> Void) {
        let outer = needsComma
        bytes.append(UInt8(ascii: "{"))
        needsComma = false
        members(&self)
        bytes.append(UInt8(ascii: "}"))
        needsComma = outer
    }

    /// `{…}` with its members in key order, whatever order the dictionary holds them in: one
    /// value always gives one text (stored JSON columns, log lines).
    public mutating func sortedObject<Value>(_ members: [String: Value], _ value: (inout JSONWriter, Value) -> Void) {
        object { writer in
            for (key, member) in members.sorted(by: { $0.key < $1.key }) {
                writer.key(key)
                value(&writer, member)
            }
        }
    }

    /// `[…]`, one element per item.
    public mutating func array<Items: Sequence>(_ items: Items, _ element: (inout JSONWriter, Items.Element) -> Void) {
        let outer = needsComma
        bytes.append(UInt8(ascii: "["))
        needsComma = false
        for item in items {
            if needsComma { bytes.append(UInt8(ascii: ",")) }
            element(&self, item)
            needsComma = true
        }
        bytes.append(UInt8(ascii: "]"))
        needsComma = outer
    }

    /// Starts a member of the object being written: the comma if needed, the key and the colon.
    public mutating func key(_ key: String) {
        if needsComma { bytes.append(UInt8(ascii: ",")) }
        string(key)
        bytes.append(UInt8(ascii: ":"))
        needsComma = true
    }

    // MARK: Members

    public mutating func field(_ name: String, _ value: String) {
        key(name)
        string(value)
    }

    public mutating func field(_ name: String, _ value: some BinaryInteger) {
        key(name)
        integer(value)
    }

    public mutating func field(_ name: String, _ value: Bool) {
        key(name)
        boolean(value)
    }

    public mutating func field(_ name: String, _ value: some JSONWritable) {
        key(name)
        value.write(to: &self)
    }

    /// Omitted when nil, as synthesized `Codable` does (`encodeIfPresent`).
    public mutating func field(_ name: String, ifPresent value: String?) {
        if let value { field(name, value) }
    }

    /// Omitted when nil, as synthesized `Codable` does (`encodeIfPresent`).
    public mutating func field(_ name: String, ifPresent value: (some JSONWritable)?) {
        if let value { field(name, value) }
    }

    public mutating func field(_ name: String, _ values: [String]) {
        key(name)
        array(values) { $0.string($1) }
    }

    public mutating func field(_ name: String, _ values: [some JSONWritable]) {
        key(name)
        array(values) { $1.write(to: &$0) }
    }

    // MARK: Values

    /// Runs of bytes that need no escape are copied whole: a token is hundreds of characters,
    /// and appending them one at a time paid an append's checks for every byte (Benchmarks/PROFILE.md).
    public mutating func string(_ value: String) {
        bytes.append(UInt8(ascii: "\""))
        var value = value
        value.withUTF8 { utf8 in
            guard let base = utf8.baseAddress else { return }
            let count = utf8.count
            var runStart = 0
            /// Escapes the bytes of `range` that need it, copying the run before each one whole.
            func escape(_ range: Range<Int>) {
                for position in range where Self.needsEscape(base[position]) {
                    bytes.append(contentsOf: UnsafeBufferPointer(start: base + runStart, count: position - runStart))
                    appendEscaped(base[position])
                    runStart = position + 1
                }
            }
            var index = 0
            // Eight bytes at a time while none of them needs an escape (a token is ~700 bytes
            // with none); a word that may hold one is looked at byte by byte.
            while index + 8 <= count {
                let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
                if Self.mayNeedEscape(word) { escape(index..<(index + 8)) }
                index += 8
            }
            escape(index..<count)
            bytes.append(contentsOf: UnsafeBufferPointer(start: base + runStart, count: count - runStart))
        }
        bytes.append(UInt8(ascii: "\""))
    }

    /// A quote, a backslash or a control character: what a JSON string must escape.
    private static func needsEscape(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
    }

    /// Whether any of the eight bytes of `word` may need an escape. Never false when one does
    /// (the classic bit tests for a byte below 0x20 and for a zero byte, the latter after XOR
    /// with `"` and `\`); a true answer is checked byte by byte.
    private static func mayNeedEscape(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highBits: UInt64 = 0x8080_8080_8080_8080
        func hasZeroByte(_ value: UInt64) -> Bool { (value &- ones) & ~value & highBits != 0 }
        let belowSpace = (word &- ones &* 0x20) & ~word & highBits != 0
        return belowSpace || hasZeroByte(word ^ (ones &* 0x22)) || hasZeroByte(word ^ (ones &* 0x5C))
    }

    /// The escape RFC 8259 gives a quote, a backslash or a control character.
    private mutating func appendEscaped(_ byte: UInt8) {
        switch byte {
        case UInt8(ascii: "\""): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\"")])
        case UInt8(ascii: "\\"): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\\")])
        case 0x0A: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
        case 0x0D: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "r")])
        case 0x09: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "t")])
        case 0x08: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "b")])
        case 0x0C: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "f")])
        default:
            bytes.append(contentsOf: Self.unicodeEscape)
            bytes.append(Self.hexDigits[Int(byte >> 4)])
            bytes.append(Self.hexDigits[Int(byte & 0x0F)])
        }
    }

    public mutating func integer(_ value: some BinaryInteger) {
        bytes.append(contentsOf: String(value).utf8)
    }

    /// A finite number in Swift's shortest round-tripping form (`0.1`, `1e-07`); JSON has no
    /// infinities or NaN, so those are written as null.
    public mutating func number(_ value: Double) {
        guard value.isFinite else { return null() }
        bytes.append(contentsOf: value.description.utf8)
    }

    public mutating func boolean(_ value: Bool) {
        bytes.append(contentsOf: value ? Self.trueBytes : Self.falseBytes)
    }

    public mutating func null() {
        bytes.append(contentsOf: Self.nullBytes)
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)
    private static let unicodeEscape = Array("\\u00".utf8)
    private static let trueBytes = Array("true".utf8)
    private static let falseBytes = Array("false".utf8)
    private static let nullBytes = Array("null".utf8)
}
