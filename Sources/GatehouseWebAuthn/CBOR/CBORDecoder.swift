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

/// A strict decoder for the CBOR subset WebAuthn needs (RFC 8949 §3, definite lengths only).
///
/// Every length and count is checked against the bytes that remain before anything is allocated,
/// nesting depth and the total number of items are capped, and trailing bytes are an error unless
/// the caller asks for them with `decodePrefix` (authenticator data: a COSE key, then extensions).
public struct CBORDecoder: Sendable {
    public struct Limits: Sendable, Equatable {
        /// Maximum nesting of arrays and maps (the top-level item is depth 1).
        public var maximumDepth: Int
        /// Maximum number of data items (map keys and values count separately) in one decode.
        public var maximumItems: Int

        public init(maximumDepth: Int = 16, maximumItems: Int = 4096) {
            self.maximumDepth = maximumDepth
            self.maximumItems = maximumItems
        }

        public static let `default` = Limits()
    }

    public var limits: Limits

    public init(limits: Limits = .default) {
        self.limits = limits
    }

    /// Decodes exactly one item; any byte after it is `trailingBytes`.
    public func decode(_ input: some Collection<UInt8>) throws(CBORError) -> CBORValue {
        let (value, consumed) = try decodePrefix(input)
        if consumed != input.count { throw .trailingBytes(offset: consumed) }
        return value
    }

    /// Decodes the first item and reports how many bytes it took, so the caller can read on.
    public func decodePrefix(_ input: some Collection<UInt8>) throws(CBORError) -> (value: CBORValue, consumed: Int) {
        var reader = Reader(bytes: Array(input), limits: limits)
        let value = try reader.readItem(depth: 1)
        return (value, reader.position)
    }
}

/// The cursor over the input; one per decode call.
private struct Reader {
    let bytes: [UInt8]
    let limits: CBORDecoder.Limits
    var position = 0
    var itemCount = 0

    init(bytes: [UInt8], limits: CBORDecoder.Limits) {
        self.bytes = bytes
        self.limits = limits
    }

    var remaining: Int { bytes.count - position }

    mutating func readItem(depth: Int) throws(CBORError) -> CBORValue {
        let start = position
        if depth > limits.maximumDepth { throw .depthLimitExceeded(offset: start) }
        itemCount += 1
        if itemCount > limits.maximumItems { throw .itemLimitExceeded(offset: start) }
        guard remaining >= 1 else { throw .truncated(offset: start) }
        let initial = bytes[position]
        position += 1
        let majorType = initial >> 5
        let info = initial & 0x1f

        if majorType == 7 { return try readSimple(info: info, offset: start) }
        if majorType == 6 { throw .tagNotSupported(offset: start) }
        let argument = try readArgument(info: info, offset: start)

        switch majorType {
        case 0:
            return .unsigned(argument)
        case 1:
            return .negative(argument)
        case 2:
            return .bytes(try readBytes(count: argument, offset: start))
        case 3:
            let raw = try readBytes(count: argument, offset: start)
            guard let text = String(validating: raw, as: UTF8.self) else { throw .invalidUTF8(offset: start) }
            return .text(text)
        case 4:
            // Each element takes at least one byte: a count above the remaining input is a lie.
            guard argument <= UInt64(remaining) else { throw .lengthExceedsInput(offset: start) }
            var elements: [CBORValue] = []
            elements.reserveCapacity(Int(argument))
            for _ in 0..<argument { elements.append(try readItem(depth: depth + 1)) }
            return .array(elements)
        default:  // 5: map; each entry takes at least two bytes.
            guard argument <= UInt64(remaining / 2) else { throw .lengthExceedsInput(offset: start) }
            var entries: [CBORMapEntry] = []
            entries.reserveCapacity(Int(argument))
            var seenKeys = Set<CBORValue>()
            for _ in 0..<argument {
                let keyOffset = position
                let key = try readItem(depth: depth + 1)
                guard seenKeys.insert(key).inserted else { throw .duplicateMapKey(offset: keyOffset) }
                entries.append(CBORMapEntry(key: key, value: try readItem(depth: depth + 1)))
            }
            return .map(entries)
        }
    }

    /// The argument of major types 0-5: immediate (0-23) or the following 1, 2, 4 or 8 bytes.
    mutating func readArgument(info: UInt8, offset: Int) throws(CBORError) -> UInt64 {
        let width: Int
        switch info {
        case 0...23: return UInt64(info)
        case 24: width = 1
        case 25: width = 2
        case 26: width = 4
        case 27: width = 8
        case 31: throw .indefiniteLength(offset: offset)
        default: throw .reservedAdditionalInfo(offset: offset)
        }
        guard remaining >= width else { throw .truncated(offset: offset) }
        var value: UInt64 = 0
        for byte in bytes[position..<position + width] { value = value << 8 | UInt64(byte) }
        position += width
        return value
    }

    mutating func readBytes(count: UInt64, offset: Int) throws(CBORError) -> [UInt8] {
        guard count <= UInt64(remaining) else { throw .truncated(offset: offset) }
        let end = position + Int(count)
        defer { position = end }
        return Array(bytes[position..<end])
    }

    /// Major type 7: only false (20), true (21) and null (22).
    mutating func readSimple(info: UInt8, offset: Int) throws(CBORError) -> CBORValue {
        switch info {
        case 20: return .bool(false)
        case 21: return .bool(true)
        case 22: return .null
        case 28...30: throw .reservedAdditionalInfo(offset: offset)
        case 31: throw .indefiniteLength(offset: offset)
        default: throw .simpleValueNotSupported(offset: offset)
        }
    }
}
