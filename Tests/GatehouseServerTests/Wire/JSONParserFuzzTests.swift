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

/// The two hand-written JSON readers on random documents and random breakages of them:
/// `JSONValue.parse` against Foundation's `JSONSerialization`, and `JSONShape.check` against what
/// the generator knows it wrote. Seeded, so a failure names its seed, case and input, and replays.
@Suite("JSON readers, fuzzed")
struct JSONParserFuzzTests {
    static let seeds: [UInt64] = [1, 2, 0xC0FFEE, 0x5EED_5EED_5EED_5EED]

    @Test("JSONValue.parse reads what Foundation reads, to the same value, and nothing more", arguments: seeds)
    func parseAgreesWithFoundation(seed: UInt64) {
        var writer = DocumentWriter(seed: seed)
        for index in 0..<800 {
            writer.allowNul = writer.random.chance(20)
            let kind = writer.random.below(10)
            var bytes = kind == 0 ? writer.soup() : writer.document(budget: writer.random.below(6))
            if kind > 3 { writer.mutate(&bytes) }
            Self.compare(String(decoding: bytes, as: UTF8.self), mustRead: (1...3).contains(kind), "seed \(seed) case \(index)")
        }
    }

    @Test("JSONValue.parse refuses what nests past maximumDepth, and reads the rest", arguments: seeds)
    func parseDepth(seed: UInt64) {
        var writer = DocumentWriter(seed: seed)
        for index in 0..<300 {
            let limit = 1 + writer.random.below(6)
            let text = String(decoding: writer.document(budget: writer.random.below(4), chain: writer.random.below(10)), as: UTF8.self)
            let label = "seed \(seed) case \(index), depth \(writer.depth), limit \(limit)"
            if writer.depth > limit {
                #expect(throws: JSONValue.ParseError.tooDeep, "\(label): \(describe(Array(text.utf8)))") {
                    try JSONValue.parse(text, maximumDepth: limit)
                }
            } else {
                Self.compare(text, maximumDepth: limit, mustRead: true, label)
            }
        }
        // Far past the limit and Foundation's 512: refused at the bound, before running out of stack.
        for _ in 0..<20 {
            let opens = (0..<(200 + writer.random.below(3000))).map { _ in writer.random.chance(50) ? "[" : #"{"k":"# }
            let text = opens.joined() + "0" + opens.reversed().map { $0 == "[" ? "]" : "}" }.joined()
            #expect(throws: JSONValue.ParseError.tooDeep) { try JSONValue.parse(text, maximumDepth: 128) }
            #expect(JSONShape.check(Array(text.utf8), maximumDepth: 128) == .tooDeep(limit: 128))
        }
    }

    @Test("JSONShape.check finds a document's true depth and its first NUL, naming the field", arguments: seeds)
    func shapeOfDocuments(seed: UInt64) {
        var writer = DocumentWriter(seed: seed)
        for index in 0..<500 {
            writer.allowNul = writer.random.chance(40)
            writer.rawNul = writer.random.chance(30)
            let bytes = writer.document(budget: writer.random.below(6), chain: writer.random.below(8))
            let depth = writer.depth
            for limit in [depth - 1, depth, depth + 1, 1 + writer.random.below(10)] where limit >= 1 {
                #expect(
                    JSONShape.check(bytes, maximumDepth: limit) == Self.firstProblem(writer.events, limit: limit),
                    "seed \(seed) case \(index), limit \(limit): \(describe(bytes))")
            }
        }
    }

    @Test("JSONShape.check is safe on any bytes, and agrees with what Foundation reads in them", arguments: seeds)
    func shapeOfAnyBytes(seed: UInt64) {
        var writer = DocumentWriter(seed: seed)
        for index in 0..<800 {
            writer.allowNul = writer.random.chance(30)
            var bytes =
                writer.random.chance(20) ? writer.soup() : writer.document(budget: writer.random.below(6), chain: writer.random.below(6))
            writer.mutate(&bytes)
            let label = "seed \(seed) case \(index): \(describe(bytes))"
            let limit = 1 + writer.random.below(8)
            let verdict = JSONShape.check(bytes, maximumDepth: limit)
            let unbounded = JSONShape.check(bytes, maximumDepth: .max)
            // Only an opening bracket nests, and only a NUL byte or a `\u0000` escape is a NUL.
            switch verdict {
            case .tooDeep(let reported)?:
                #expect(reported == limit && bytes.contains { $0 == UInt8(ascii: "[") || $0 == UInt8(ascii: "{") }, "\(label)")
            case .nul?: #expect(bytes.contains(0) || bytes.contains(Array(#"\u0000"#.utf8)), "\(label)")
            case nil: #expect(unbounded == nil, "a higher limit found more in \(label)")
            }
            // Foundation reads UTF-8 only where there is no NUL byte (one near the start means UTF-16 or UTF-32 to it).
            // Of duplicate keys it keeps the last: where that lost a member, its value no longer shows all the text holds.
            guard !bytes.contains(0), let text = String(validating: bytes, as: UTF8.self), let value = JSONValueParseTests.foundation(text),
                case (let depth, let strings) = Self.census(value), strings.count == Self.strings(in: bytes)
            else { continue }
            let holdsNul = strings.contains { $0.unicodeScalars.contains("\0") }
            #expect((unbounded != nil) == holdsNul, "\(label) reads as \(value)")
            if !holdsNul { #expect(verdict == (depth > limit ? .tooDeep(limit: limit) : nil), "\(label), limit \(limit)") }
        }
    }

    /// `JSONValue.parse` and Foundation on one text: both refuse, or both read the same value.
    private static func compare(_ text: String, maximumDepth: Int = 128, mustRead: Bool, _ label: String) {
        let input = "\(label): \(describe(Array(text.utf8)))"
        let ours = try? JSONValue.parse(text, maximumDepth: maximumDepth)
        if mustRead { #expect(ours != nil, "refused \(input)") }
        // Foundation takes NUL bytes near the start for UTF-16 or UTF-32, and skips a byte-order mark. In a String
        // neither is JSON: a raw NUL is never allowed, and U+FEFF is not whitespace.
        if text.utf8.contains(0) || text.unicodeScalars.first == "\u{FEFF}" {
            #expect(ours == nil, "read \(input)")
            return
        }
        let theirs = JSONValueParseTests.foundation(text)
        switch (ours, theirs) {
        case (let ours?, let theirs?):
            #expect(same(ours, theirs), "\(input) reads as \(ours), Foundation \(theirs)")
            #expect(withoutTrailingCommas(text) == text, "\(input) read with a trailing comma")
        case (let ours?, nil): Issue.record("\(input) reads as \(ours), Foundation refuses it")
        case (nil, let theirs?):
            // Foundation allows trailing commas, which `parse` refuses (JSONValueParseTests); without them the two agree.
            let strict = withoutTrailingCommas(text)
            let read = strict == text ? nil : (try? JSONValue.parse(strict, maximumDepth: maximumDepth))
            #expect(read.map { same($0, theirs) } == true, "\(input) refused, Foundation reads \(theirs)")
        case (nil, nil): break
        }
    }

    /// Equal, numbers compared as `Double` to within a relative 1e-12: Foundation reads a number of more
    /// than 17 characters before a lowercase `e` (so any with `E`) through `Decimal`, which comes out a
    /// few units in the last place off; `parse` rounds correctly. A wrong digit, sign or exponent is far outside.
    private static func same(_ left: JSONValue, _ right: JSONValue) -> Bool {
        switch (left, right) {
        case (.number(let left), .number(let right)): return left == right || abs(left - right) <= 1e-12 * max(abs(left), abs(right))
        case (.array(let left), .array(let right)): return left.count == right.count && zip(left, right).allSatisfy(same)
        case (.object(let left), .object(let right)):
            return left.count == right.count && left.allSatisfy { key, value in right[key].map { same(value, $0) } ?? false }
        default: return left == right
        }
    }

    /// `text` with each comma before a closing bracket taken out, for a text Foundation reads (a backslash is in a string).
    private static func withoutTrailingCommas(_ text: String) -> String {
        var output: [UInt8] = []
        var (inString, escaped) = (false, false)
        for byte in text.utf8 {
            if !inString, byte == UInt8(ascii: "]") || byte == UInt8(ascii: "}"),
                let last = output.lastIndex(where: { !" \t\r\n".utf8.contains($0) }), output[last] == UInt8(ascii: ",")
            {
                output.remove(at: last)
            }
            if !escaped, byte == UInt8(ascii: "\"") { inString.toggle() }
            escaped = !escaped && byte == UInt8(ascii: "\\")
            output.append(byte)
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// What `JSONShape` reports for a document: the first container opened past the limit or string holding NUL.
    private static func firstProblem(_ events: [DocumentWriter.Event], limit: Int) -> JSONShape.Problem? {
        for event in events {
            if case .nul(let field) = event { return .nul(field: field) }
            if case .open(let depth) = event, depth > limit { return .tooDeep(limit: limit) }
        }
        return nil
    }

    /// How deep `value` nests, and every string in it, keys included.
    private static func census(_ value: JSONValue) -> (depth: Int, strings: [String]) {
        switch value {
        case .string(let text): return (0, [text])
        case .array(let elements): return nest(elements.map(census), keys: [])
        case .object(let members): return nest(members.values.map(census), keys: Array(members.keys))
        default: return (0, [])
        }
    }

    private static func nest(_ parts: [(depth: Int, strings: [String])], keys: [String]) -> (depth: Int, strings: [String]) {
        (1 + (parts.map(\.depth).max() ?? 0), keys + parts.flatMap(\.strings))
    }

    /// The strings in a text Foundation reads: its unescaped quotes, halved.
    private static func strings(in bytes: [UInt8]) -> Int {
        var (quotes, escaped) = (0, false)
        for byte in bytes {
            if !escaped, byte == UInt8(ascii: "\"") { quotes += 1 }
            escaped = !escaped && byte == UInt8(ascii: "\\")
        }
        return quotes / 2
    }
}

/// The input as a Swift literal, or as hex bytes where it is not UTF-8, for a failure to name.
private func describe(_ bytes: [UInt8]) -> String {
    String(validating: bytes, as: UTF8.self).map { String(reflecting: $0) } ?? bytes.map { String($0, radix: 16) }.joined(separator: " ")
}

/// SplitMix64: the same numbers for a seed on every platform and Swift version, which the
/// standard library's `random(in:using:)` does not promise.
private struct SplitMix64 {
    var state: UInt64

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }

    mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }
    mutating func chance(_ percent: Int) -> Bool { below(100) < percent }
    mutating func pick<T>(_ choices: [T]) -> T { choices[below(choices.count)] }
    mutating func within(_ range: ClosedRange<UInt32>) -> UInt32 {
        range.lowerBound + UInt32(below(Int(range.upperBound - range.lowerBound) + 1))
    }
}

/// Writes random valid JSON texts, noting what `JSONShape` must find in each: the containers
/// opened and the strings holding U+0000, in the order a scan meets them.
private struct DocumentWriter {
    enum Event {
        case open(depth: Int)
        case nul(field: String)
    }

    var random: SplitMix64
    var allowNul = false
    /// NULs written as raw bytes rather than `\u0000`: not JSON, but the scan must find them too.
    var rawNul = false
    private(set) var events: [Event] = []
    /// How deep the last document nests.
    private(set) var depth = 0
    private var bytes: [UInt8] = []
    /// For each open container, the key of the member being written, as the scan reports it
    /// (escaped, cut at `reportedKeyLength` bytes); nil in arrays and while the key itself is written.
    private var keys: [String?] = []

    init(seed: UInt64) { random = SplitMix64(state: seed) }

    /// A document nesting at most `budget` deep, and at least `chain` deep.
    mutating func document(budget: Int, chain: Int = 0) -> [UInt8] {
        (bytes, events, depth, keys) = ([], [], 0, [])
        value(budget: max(budget, chain), chain: chain)
        return bytes
    }

    /// A short run of the bytes mutations use: mostly not JSON, now and then a fragment.
    mutating func soup() -> [UInt8] {
        (0..<random.below(48)).map { _ in random.chance(85) ? random.pick(Self.mutationBytes) : UInt8(truncatingIfNeeded: random.next()) }
    }

    private mutating func value(budget: Int, chain: Int) {
        space()
        if chain > 0 || (budget > 0 && random.chance(45)) {
            container(budget: budget, chain: chain)
        } else {
            switch random.below(6) {
            case 0: write(random.pick(["true", "false", "null"]))
            case 1, 2: write(number())
            default: _ = string()
            }
        }
        space()
    }

    private mutating func container(budget: Int, chain: Int) {
        depth = max(depth, keys.count + 1)
        events.append(.open(depth: keys.count + 1))
        let isObject = random.chance(50)
        let count = random.below(5) + (chain > 0 ? 1 : 0)
        let deepMember = chain > 0 ? random.below(count) : -1
        write(isObject ? "{" : "[")
        keys.append(nil)
        space()
        for index in 0..<count {
            if index > 0 { write(",") }
            if isObject {
                space()
                keys[keys.count - 1] = nil
                let key = string()
                keys[keys.count - 1] = String(decoding: key.prefix(JSONShape.reportedKeyLength), as: UTF8.self)
                space()
                write(":")
            }
            value(budget: budget - 1, chain: index == deepMember ? chain - 1 : 0)
        }
        keys.removeLast()
        write(isObject ? "}" : "]")
    }

    /// Writes a string and returns it as written between its quotes.
    private mutating func string() -> [UInt8] {
        let pieces = (0..<random.below(7)).map { _ in piece() }
        let raw = Array(pieces.map(\.text).joined().utf8)
        bytes += [UInt8(ascii: "\"")] + raw + [UInt8(ascii: "\"")]
        if pieces.contains(where: \.isNul) { events.append(.nul(field: keys.compactMap { $0 }.joined(separator: "."))) }
        return raw
    }

    /// Raw text JSON allows in a string (brackets and commas included, which the scan must skip),
    /// and escapes that stand for characters other than U+0000.
    private static let plain = [
        "é", "😀", "中文", "e\u{301}", "\u{7F}", "\u{2028}", "\u{10FFFF}", "{", "}", "[", "]", ":", ",", ".", "/", "'",
    ]
    private static let escapes = [#"\""#, #"\\"#, #"\/"#, #"\b"#, #"\f"#, #"\n"#, #"\r"#, #"\t"#, #"\\u0000"#]

    private mutating func piece() -> (text: String, isNul: Bool) {
        switch random.below(10) {
        case 0, 1: return (random.pick(Self.plain), false)
        case 2: return (random.pick(Self.escapes), false)
        case 3:
            let ranges: [ClosedRange<UInt32>] = [0x01...0x1F, 0x20...0x7F, 0x80...0x7FF, 0x800...0xD7FF, 0xE000...0xFFFF]
            return (escape(random.within(random.pick(ranges))), false)
        case 4:
            let scalar = random.within(0x10000...0x10FFFF) - 0x10000
            return (escape(0xD800 + (scalar >> 10)) + escape(0xDC00 + (scalar & 0x3FF)), false)
        case 5 where allowNul: return (rawNul ? "\0" : escape(0), true)
        default: return (random.pick(["a", "id", "Key", "0", " "]), false)
        }
    }

    private mutating func escape(_ unit: UInt32) -> String {
        let hex = String(unit, radix: 16, uppercase: random.chance(50))
        return #"\u"# + String(repeating: "0", count: 4 - hex.count) + hex
    }

    /// Integers and fractions, signed, with exponents; up to 44 digits (past `UInt64`, so read by
    /// Foundation through `Decimal`), always inside `Double`'s finite range.
    private mutating func number() -> String {
        let long = random.chance(10)
        var text = random.chance(30) ? "-" : ""
        let integerDigits = random.chance(25) ? 0 : 1 + random.below(long ? 24 : 8)
        text += integerDigits == 0 ? "0" : String(1 + random.below(9)) + digits(integerDigits - 1)
        var mantissa = max(integerDigits, 1)
        if random.chance(40) {
            let fraction = 1 + random.below(long ? 20 : 6)
            text += "." + digits(fraction)
            mantissa += fraction
        }
        if random.chance(30) {
            text +=
                random.pick(["e", "E"]) + random.pick(["", "+", "-"]) + random.pick(["", "0"])
                + String(random.below(mantissa > 15 ? 60 : 300))
        }
        return text
    }

    private mutating func digits(_ count: Int) -> String { String((0..<count).map { _ in Character(String(random.below(10))) }) }

    private mutating func space() { if random.chance(30) { write(random.pick([" ", "\n", "\t", "\r\n", "  "])) } }

    private mutating func write(_ text: String) { bytes += text.utf8 }

    /// JSON's punctuation, number and literal parts, whitespace, NUL and other control characters,
    /// and pieces of broken UTF-8.
    static let mutationBytes =
        Array(#"{}[],:"\/ -+.eE0159tfnu"#.utf8) + [0x00, 0x01, 0x09, 0x0A, 0x1F, 0x7F, 0x80, 0xBF, 0xC3, 0xE2, 0xF0, 0xFF]
    /// Put inside a string: lone and mismatched surrogates, bad and cut-short escapes, raw control characters.
    private static let stringBreakers = [
        #"\ud800"#, #"\udbff"#, #"\udc00"#, #"\udfff\ud800"#, #"\ud83d\u0041"#, #"\ud83d\ude00"#, #"\u12"#, #"\uZZZZ"#, #"\x"#, #"\"#,
        #"\u0000"#, "\u{01}", "\u{1F}", "\"",
    ]

    /// Breaks a document: a byte lost, added or changed, the text cut short, a bracket doubled or a
    /// trailing comma put before one, a NUL or control character, or something bad inside a string.
    mutating func mutate(_ text: inout [UInt8]) {
        for _ in 0..<(random.chance(60) ? 1 : 2 + random.below(3)) {
            if text.isEmpty { text = [random.pick(Self.mutationBytes)] }
            let at = random.below(text.count)
            switch random.below(10) {
            case 0: text.remove(at: at)
            case 1: text.insert(random.pick(Self.mutationBytes), at: at)
            case 2: text[at] = random.pick(Self.mutationBytes)
            case 3: text.removeSubrange(at...)
            case 4:
                let brackets = text.indices.filter { "[]{}".utf8.contains(text[$0]) }
                guard !brackets.isEmpty else { continue }
                let bracket = random.pick(brackets)
                let closes = text[bracket] == UInt8(ascii: "]") || text[bracket] == UInt8(ascii: "}")
                text.insert(closes && random.chance(50) ? UInt8(ascii: ",") : text[bracket], at: bracket)
            case 5: text.insert(0, at: at)
            case 6: text.insert(UInt8(1 + random.below(0x1F)), at: at)
            case 7, 8:
                let quotes = text.indices.filter { text[$0] == UInt8(ascii: "\"") }
                text.insert(contentsOf: random.pick(Self.stringBreakers).utf8, at: quotes.isEmpty ? at : random.pick(quotes) + 1)
            default: text[at] = UInt8(truncatingIfNeeded: random.next())
            }
        }
    }
}
