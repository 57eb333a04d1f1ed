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

import GatehouseWebAuthnTestSupport
import Testing

@testable import GatehouseWebAuthn

@Suite("CBOR decoder")
struct CBORDecoderTests {
    let decoder = CBORDecoder()

    // RFC 8949 Appendix A examples within the supported subset.
    @Test(
        "decodes the RFC 8949 Appendix A examples it supports",
        arguments: [
            ("00", CBORValue.unsigned(0)),
            ("17", .unsigned(23)),
            ("1818", .unsigned(24)),
            ("1903e8", .unsigned(1000)),
            ("1b000000e8d4a51000", .unsigned(1_000_000_000_000)),
            ("1bffffffffffffffff", .unsigned(UInt64.max)),
            ("20", .negative(0)),
            ("3863", .negative(99)),
            ("3bffffffffffffffff", .negative(UInt64.max)),
            ("40", .bytes([])),
            ("4401020304", .bytes([1, 2, 3, 4])),
            ("60", .text("")),
            ("6449455446", .text("IETF")),
            ("62c3bc", .text("ü")),
            ("80", .array([])),
            ("8301820203820405", .array([.unsigned(1), .array([.unsigned(2), .unsigned(3)]), .array([.unsigned(4), .unsigned(5)])])),
            ("a0", .map([])),
            ("f4", .bool(false)),
            ("f5", .bool(true)),
            ("f6", .null),
        ])
    func decodesExamples(_ input: String, _ expected: CBORValue) throws {
        #expect(try decoder.decode(hex(input)) == expected)
    }

    @Test("integers convert to Int where they fit")
    func intValues() throws {
        #expect(try decoder.decode(hex("3863")).intValue == -100)
        #expect(try decoder.decode(hex("390100")).intValue == -257)
        #expect(try decoder.decode(hex("1bffffffffffffffff")).intValue == nil)
        #expect(try decoder.decode(hex("3bffffffffffffffff")).intValue == nil)
    }

    @Test("map lookups by integer and text key")
    func mapLookup() throws {
        let map = try decoder.decode(hex("a3 01 02 20 01 63 66 6d 74 64 6e 6f 6e 65"))
        #expect(map[intKey: 1] == .unsigned(2))
        #expect(map[intKey: -1] == .unsigned(1))
        #expect(map[textKey: "fmt"] == .text("none"))
        #expect(map[intKey: 3] == nil)
    }

    @Test(
        "refuses what WebAuthn never sends, with a typed error",
        arguments: [
            ("5f42010243030405ff", CBORError.indefiniteLength(offset: 0)),  // indefinite byte string
            ("9fff", .indefiniteLength(offset: 0)),  // indefinite array
            ("bfff", .indefiniteLength(offset: 0)),  // indefinite map
            ("ff", .indefiniteLength(offset: 0)),  // a lone "break"
            ("c074323031332d30332d32315432303a30343a30305a", .tagNotSupported(offset: 0)),
            ("f93c00", .simpleValueNotSupported(offset: 0)),  // half float 1.0
            ("fb3ff199999999999a", .simpleValueNotSupported(offset: 0)),  // double 1.1
            ("f7", .simpleValueNotSupported(offset: 0)),  // undefined
            ("f818", .simpleValueNotSupported(offset: 0)),  // simple(24)
            ("1c", .reservedAdditionalInfo(offset: 0)),
            ("5d", .reservedAdditionalInfo(offset: 0)),
            ("fc", .reservedAdditionalInfo(offset: 0)),
            ("62c328", .invalidUTF8(offset: 0)),
            ("a201020103", .duplicateMapKey(offset: 3)),
            ("a2616101616101", .duplicateMapKey(offset: 4)),
            ("0001", .trailingBytes(offset: 1)),
            ("", .truncated(offset: 0)),
            ("19 03", .truncated(offset: 0)),
            ("44 0102", .truncated(offset: 0)),
            ("82 01 19", .truncated(offset: 2)),
            ("a1 01 19", .truncated(offset: 2)),
            ("82 01", .lengthExceedsInput(offset: 0)),
            ("a1 01", .lengthExceedsInput(offset: 0)),
        ])
    func refuses(_ input: String, _ expected: CBORError) {
        #expect(throws: expected) { try decoder.decode(hex(input)) }
    }

    @Test("a length or count beyond the remaining input fails before any allocation")
    func hugeCounts() {
        // Byte string, array and map heads that claim 2^64-1 entries, with 2 bytes after them.
        #expect(throws: CBORError.truncated(offset: 0)) { try decoder.decode(hex("5bffffffffffffffff 0000")) }
        #expect(throws: CBORError.lengthExceedsInput(offset: 0)) { try decoder.decode(hex("9bffffffffffffffff 0000")) }
        #expect(throws: CBORError.lengthExceedsInput(offset: 0)) { try decoder.decode(hex("bbffffffffffffffff 0000")) }
        // A map of 2 entries needs at least 4 bytes.
        #expect(throws: CBORError.lengthExceedsInput(offset: 0)) { try decoder.decode(hex("a2 010203")) }
    }

    @Test("nesting beyond the depth limit is refused")
    func depthLimit() throws {
        let sixteen = [UInt8](repeating: 0x81, count: 15) + [0x00]
        #expect(throws: Never.self) { try decoder.decode(sixteen) }
        let seventeen = [UInt8](repeating: 0x81, count: 16) + [0x00]
        #expect(throws: CBORError.depthLimitExceeded(offset: 16)) { try decoder.decode(seventeen) }
        let deep = [UInt8](repeating: 0x81, count: 100_000) + [0x00]
        #expect(throws: CBORError.depthLimitExceeded(offset: 16)) { try decoder.decode(deep) }
    }

    @Test("the total number of items is capped")
    func itemLimit() {
        let limited = CBORDecoder(limits: .init(maximumDepth: 4, maximumItems: 10))
        let tenItems = CBORWriter.head(4, 9) + [UInt8](repeating: 0, count: 9)
        #expect(throws: Never.self) { try limited.decode(tenItems) }
        let elevenItems = CBORWriter.head(4, 10) + [UInt8](repeating: 0, count: 10)
        #expect(throws: CBORError.itemLimitExceeded(offset: 10)) { try limited.decode(elevenItems) }
    }

    @Test("decodePrefix answers one item and where the rest starts")
    func prefix() throws {
        let (value, consumed) = try decoder.decodePrefix(hex("a1 01 02 a1 63 66 6f 6f f5"))
        #expect(value == .map([CBORMapEntry(key: .unsigned(1), value: .unsigned(2))]))
        #expect(consumed == 3)
    }

    @Test("the test encoder and the decoder agree")
    func roundTrip() throws {
        let value = CBORValue.textMap([
            ("fmt", .text("packed")), ("n", .int(-257)), ("big", .unsigned(1 << 40)),
            ("list", .array([.bool(true), .null, .bytes(Array(repeating: 9, count: 300))])),
        ])
        #expect(try decoder.decode(CBORWriter.encode(value)) == value)
    }
}
