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
import Testing

@testable import GatehouseCore

@Suite("JSONValue")
struct JSONValueTests {
    static func decode(_ text: String) throws -> JSONValue {
        try JSONDecoder().decode(JSONValue.self, from: Data(text.utf8))
    }

    static func encode(_ value: JSONValue) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    @Test("nested objects round-trip unchanged")
    func nestedRoundTrip() throws {
        let text = #"{"a":{"b":[1,2.5,"x",true,false,null,{"c":[]}],"d":{}},"e":"é/ü","n":-42}"#
        let value = try Self.decode(text)
        #expect(try Self.encode(value) == text)
        #expect(try Self.decode(Self.encode(value)) == value)
    }

    @Test("decodes each kind to its case")
    func cases() throws {
        #expect(try Self.decode("null") == .null)
        #expect(try Self.decode("true") == .bool(true))
        #expect(try Self.decode("false") == .bool(false))
        #expect(try Self.decode("0") == .number(0))
        #expect(try Self.decode("1") == .number(1))
        #expect(try Self.decode("2.5") == .number(2.5))
        #expect(try Self.decode(#""s""#) == .string("s"))
        #expect(try Self.decode("[1]") == .array([.number(1)]))
        #expect(try Self.decode(#"{"k":null}"#) == .object(["k": .null]))
    }

    @Test(
        "integers stay integers, fractions stay fractions",
        arguments: [
            ("3", "3"), ("-7", "-7"), ("0", "0"), ("1700000000", "1700000000"), ("2.5", "2.5"), ("-0.125", "-0.125"),
            ("9007199254740991", "9007199254740991"),
        ])
    func integers(input: String, output: String) throws {
        #expect(try Self.encode(Self.decode(input)) == output)
        #expect(try Self.encode(Self.decode(#"{"age":\#(input)}"#)) == #"{"age":\#(output)}"#)
    }

    @Test("0 and 1 are numbers, not booleans")
    func numbersAreNotBooleans() throws {
        #expect(try Self.decode("[0,1,true]") == .array([.number(0), .number(1), .bool(true)]))
    }

    @Test("accessors")
    func accessors() throws {
        let value = try Self.decode(#"{"s":"x","b":true}"#)
        #expect(value.objectValue?["s"]?.stringValue == "x")
        #expect(value.objectValue?["b"]?.boolValue == true)
        #expect(value.stringValue == nil)
        #expect(JSONValue.string("x").boolValue == nil)
        #expect(JSONValue.number(1).objectValue == nil)
    }
}
