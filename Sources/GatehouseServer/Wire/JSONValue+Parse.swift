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

import GatehouseCore

/// A JSON text (RFC 8259) read straight into `JSONValue`, for the metadata columns every user read
/// decodes. `JSONSerialization` plus a conversion of its `Any` tree and a separate depth scan was a
/// large share of a token refresh, for objects that are mostly `{}` or a few short strings
/// (Benchmarks/PROFILE.md).
extension JSONValue {
    public enum ParseError: Error, Equatable {
        /// Not JSON: the byte offset where reading stopped.
        case invalid(offset: Int)
        /// More than the allowed arrays and objects inside one another.
        case tooDeep
    }

    /// The value `text` holds. Strict where RFC 8259 is (no trailing commas, no leading zeros,
    /// no raw control characters or lone surrogates in strings, nothing after the value but
    /// whitespace); numbers outside `Double`'s range are invalid rather than infinite.
    public static func parse(_ text: String, maximumDepth: Int) throws(ParseError) -> JSONValue {
        var text = text
        let result = text.withUTF8 { bytes -> Result<JSONValue, ParseError> in
            var parser = JSONParser(bytes: bytes, maximumDepth: maximumDepth)
            do throws(ParseError) {
                let value = try parser.value(depth: 0)
                parser.skipWhitespace()
                guard parser.offset == bytes.count else { return .failure(.invalid(offset: parser.offset)) }
                return .success(value)
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }
}

private struct JSONParser {
    let bytes: UnsafeBufferPointer<UInt8>
    let maximumDepth: Int
    var offset = 0

    init(bytes: UnsafeBufferPointer<UInt8>, maximumDepth: Int) {
        self.bytes = bytes
        self.maximumDepth = maximumDepth
    }

    private var current: UInt8? { offset < bytes.count ? bytes[offset] : nil }

    private var invalid: JSONValue.ParseError { .invalid(offset: offset) }

    mutating func skipWhitespace() {
        while let byte = current, byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D { offset += 1 }
    }

    mutating func value(depth: Int) throws(JSONValue.ParseError) -> JSONValue {
        skipWhitespace()
        switch current ?? 0 {  // 0 cannot start a value either
        case UInt8(ascii: "{"): return try object(depth: depth + 1)
        case UInt8(ascii: "["): return try array(depth: depth + 1)
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): return try literal("true", .bool(true))
        case UInt8(ascii: "f"): return try literal("false", .bool(false))
        case UInt8(ascii: "n"): return try literal("null", .null)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try number()
        default: throw invalid
        }
    }

    private mutating func object(depth: Int) throws(JSONValue.ParseError) -> JSONValue {
        guard depth <= maximumDepth else { throw .tooDeep }
        offset += 1  // {
        var members: [String: JSONValue] = [:]
        skipWhitespace()
        if current == UInt8(ascii: "}") {
            offset += 1
            return .object(members)
        }
        // Room for the few members a metadata object usually has, in one allocation instead of
        // one for each time the table doubles.
        members.reserveCapacity(6)
        while true {
            skipWhitespace()
            guard current == UInt8(ascii: "\"") else { throw invalid }
            let key = try string()
            skipWhitespace()
            guard current == UInt8(ascii: ":") else { throw invalid }
            offset += 1
            members[key] = try value(depth: depth)
            skipWhitespace()
            switch current {
            case UInt8(ascii: ","): offset += 1
            case UInt8(ascii: "}"):
                offset += 1
                return .object(members)
            default: throw invalid
            }
        }
    }

    private mutating func array(depth: Int) throws(JSONValue.ParseError) -> JSONValue {
        guard depth <= maximumDepth else { throw .tooDeep }
        offset += 1  // [
        var elements: [JSONValue] = []
        skipWhitespace()
        if current == UInt8(ascii: "]") {
            offset += 1
            return .array(elements)
        }
        while true {
            elements.append(try value(depth: depth))
            skipWhitespace()
            switch current {
            case UInt8(ascii: ","): offset += 1
            case UInt8(ascii: "]"):
                offset += 1
                return .array(elements)
            default: throw invalid
            }
        }
    }

    private mutating func literal(_ word: StaticString, _ value: JSONValue) throws(JSONValue.ParseError) -> JSONValue {
        let count = word.utf8CodeUnitCount
        guard offset + count <= bytes.count else { throw invalid }
        for index in 0..<count where bytes[offset + index] != word.utf8Start[index] { throw invalid }
        offset += count
        return value
    }

    private mutating func number() throws(JSONValue.ParseError) -> JSONValue {
        let start = offset
        if current == UInt8(ascii: "-") { offset += 1 }
        // The integer part: one 0, or a digit 1-9 and more digits.
        if current == UInt8(ascii: "0") {
            offset += 1
        } else {
            guard skipDigits() > 0 else { throw invalid }
        }
        if current == UInt8(ascii: ".") {
            offset += 1
            guard skipDigits() > 0 else { throw invalid }
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            offset += 1
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { offset += 1 }
            guard skipDigits() > 0 else { throw invalid }
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<offset]), as: UTF8.self)
        guard let number = Double(text), number.isFinite else { throw .invalid(offset: start) }
        return .number(number)
    }

    /// Skips ASCII digits, returning how many.
    private mutating func skipDigits() -> Int {
        let start = offset
        while let byte = current, byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") { offset += 1 }
        return offset - start
    }

    /// A string at `offset` (its opening quote), unescaped.
    private mutating func string() throws(JSONValue.ParseError) -> String {
        offset += 1  // "
        let start = offset
        // Most strings have no escape: found whole and made in one go.
        while let byte = current, byte != UInt8(ascii: "\""), byte != UInt8(ascii: "\\") {
            guard byte >= 0x20 else { throw invalid }
            offset += 1
        }
        guard let stop = current else { throw invalid }
        var unescaped = Array(UnsafeBufferPointer(rebasing: bytes[start..<offset]))
        if stop == UInt8(ascii: "\"") {
            offset += 1
            return String(decoding: unescaped, as: UTF8.self)
        }
        while true {
            guard let byte = current else { throw invalid }
            offset += 1
            switch byte {
            case UInt8(ascii: "\""): return String(decoding: unescaped, as: UTF8.self)
            case UInt8(ascii: "\\"): try escape(into: &unescaped)
            case 0x00..<0x20: throw .invalid(offset: offset - 1)
            default: unescaped.append(byte)
            }
        }
    }

    /// The escape after a backslash, appended as UTF-8.
    private mutating func escape(into output: inout [UInt8]) throws(JSONValue.ParseError) {
        guard let byte = current else { throw invalid }
        offset += 1
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): output.append(byte)
        case UInt8(ascii: "b"): output.append(0x08)
        case UInt8(ascii: "f"): output.append(0x0C)
        case UInt8(ascii: "n"): output.append(0x0A)
        case UInt8(ascii: "r"): output.append(0x0D)
        case UInt8(ascii: "t"): output.append(0x09)
        case UInt8(ascii: "u"):
            var scalar = UInt32(try hexQuad())
            if (0xD800..<0xDC00).contains(scalar) {
                // A high surrogate must be followed by an escaped low one.
                guard current == UInt8(ascii: "\\"), offset + 1 < bytes.count, bytes[offset + 1] == UInt8(ascii: "u") else { throw invalid }
                offset += 2
                let low = UInt32(try hexQuad())
                guard (0xDC00..<0xE000).contains(low) else { throw invalid }
                scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
            }
            guard let unicode = Unicode.Scalar(scalar) else { throw invalid }  // a lone low surrogate
            output.append(contentsOf: UTF8.encode(unicode)!)
        default: throw .invalid(offset: offset - 1)
        }
    }

    private mutating func hexQuad() throws(JSONValue.ParseError) -> UInt16 {
        guard offset + 4 <= bytes.count else { throw invalid }
        var value: UInt16 = 0
        for _ in 0..<4 {
            guard let digit = bytes[offset].hexDigitValue else { throw invalid }
            value = value << 4 | UInt16(digit)
            offset += 1
        }
        return value
    }
}
