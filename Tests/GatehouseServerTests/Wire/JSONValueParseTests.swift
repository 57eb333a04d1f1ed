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
import Testing

@testable import GatehouseServer

/// `JSONValue.parse` against Foundation's `JSONSerialization`, the parser it replaced for the
/// metadata columns: same value for what both accept, a refusal for what Foundation refuses.
@Suite("JSONValue.parse")
struct JSONValueParseTests {
    /// Foundation's reading of `text`, converted as the metadata columns converted it; nil when
    /// Foundation refuses it.
    static func foundation(_ text: String) -> JSONValue? {
        guard let object = try? JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed]) else { return nil }
        return convert(object)
    }

    private static func convert(_ object: Any) -> JSONValue {
        switch object {
        case let value as String: return .string(value)
        case let value as NSNumber:
            if String(cString: value.objCType) == "c" { return .bool(value.boolValue) }
            return .number(value.doubleValue)
        case let value as [Any]: return .array(value.map(convert))
        case let value as [String: Any]: return .object(value.mapValues(convert))
        default: return .null
        }
    }

    static let accepted = [
        "{}", "[]", " { } ", "null", "true", "false", "0", "-0", "12", "-12.5e3", "1E+2", "2.5E-3", "123456789012345678",
        #""plain""#, #""é 😀 \u00e9 \ud83d\ude00 \" \\ \/ \b \f \n \r \t \u0001""#,
        #"{"provider":"email","providers":["email"]}"#,
        #"{"a":{"b":[1,2.5,"x",true,false,null,{"c":[]}],"d":{}},"e":"é/ü","n":-42}"#,
        "\t[ 1 ,\n2\r, [ ] , { \"k\" : { } } ]  ",
        #"{"dup":1,"dup":2}"#,
        #"{"":""}"#,
    ]

    @Test("reads what Foundation reads, to the same value", arguments: accepted)
    func sameValues(text: String) throws {
        let expected = try #require(Self.foundation(text), "Foundation refused \(text)")
        #expect(try JSONValue.parse(text, maximumDepth: 128) == expected)
    }

    static let refused = [
        "", " ", "{", "}", "[1,]", "{\"a\":1,}", "{\"a\" 1}", "{a:1}", "[1 2]", "01", "-", "1.", ".5", "+1", "1e", "1e+",
        "tru", "nul", "truex", "[true false]", "\"unterminated", "\"raw \u{01} control\"", "\"bad \\x escape\"", "\"\\u12\"",
        "\"\\ud800\"", "\"\\udc00\"", "\"\\ud800\\u0041\"", "{} {}", "[] x", "1e400", "'single'", "[NaN]", "{\"a\":1}}",
    ]

    /// Refused here and read by Foundation: trailing commas (which it allows) and a number past
    /// `Double`'s range. The columns hold only what `JSONWriter` wrote, which has neither.
    static let foundationIsLenient: Set = ["[1,]", "{\"a\":1,}", "1e400"]

    @Test("refuses what Foundation refuses, and trailing commas", arguments: refused)
    func refusals(text: String) {
        #expect(throws: JSONValue.ParseError.self) { try JSONValue.parse(text, maximumDepth: 128) }
        if !Self.foundationIsLenient.contains(text) { #expect(Self.foundation(text) == nil, "Foundation reads \(text)") }
    }

    @Test("nesting is bounded: the limit reads, one more is too deep")
    func depth() throws {
        let atLimit = String(repeating: "[", count: 128) + String(repeating: "]", count: 128)
        #expect(throws: Never.self) { try JSONValue.parse(atLimit, maximumDepth: 128) }
        let past = "{\"a\":" + atLimit + "}"
        #expect(throws: JSONValue.ParseError.tooDeep) { try JSONValue.parse(past, maximumDepth: 128) }
        // Far past the limit is refused as cheaply, not by recursing through it.
        let deep = String(repeating: "[", count: 100_000)
        #expect(throws: JSONValue.ParseError.tooDeep) { try JSONValue.parse(deep, maximumDepth: 128) }
    }

    /// Not compared with Foundation: its reading of a long fraction can be one unit in the last
    /// place off what Swift wrote (-949714.2156372233 came back as ...232), which `parse`, using
    /// Swift's own `Double(String)`, is not.
    @Test("whatever JSONWriter writes reads back as the same value")
    func writerRoundTrip() throws {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<300 {
            let value = Self.randomValue(depth: 0, using: &generator)
            let text = String(decoding: JSONWriter.encode(value), as: UTF8.self)
            #expect(try JSONValue.parse(text, maximumDepth: 128) == value, "\(text)")
        }
    }

    private static func randomValue(depth: Int, using generator: inout some RandomNumberGenerator) -> JSONValue {
        let pieces = ["a", "é", "😀", "\"", "\\", "/", "\n", "\u{01}", "\u{1F}", " ", "key", "\u{7F}", "\u{2028}"]
        func text() -> String {
            (0..<Int.random(in: 0...6, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined()
        }
        switch Int.random(in: 0..<(depth < 4 ? 7 : 5), using: &generator) {
        case 0: return .null
        case 1: return .bool(Bool.random(using: &generator))
        case 2: return .number(Double(Int.random(in: -1_000_000...1_000_000, using: &generator)))
        case 3: return .number(Double.random(in: -1e6...1e6, using: &generator))
        case 4: return .string(text())
        case 5: return .array((0..<Int.random(in: 0...4, using: &generator)).map { _ in randomValue(depth: depth + 1, using: &generator) })
        default:
            var members: [String: JSONValue] = [:]
            for _ in 0..<Int.random(in: 0...4, using: &generator) { members[text()] = randomValue(depth: depth + 1, using: &generator) }
            return .object(members)
        }
    }
}
