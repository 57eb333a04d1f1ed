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

/// The JSON text columns (metadata, audit traits): written by `JSONWriter`, read back by
/// `JSONSerialization`. What is written must read back as the same value, and one value must
/// always give one text (keys sorted at every level), whatever order the dictionary holds.
@Suite("JSON columns")
struct JSONColumnTests {
    static let samples: [[String: JSONValue]] = [
        [:],
        ["reason": .string("invalid_credentials"), "method": .string("password")],
        ["quote\"back\\slash/": .string("line\nbreak\ttab \u{01} é 😀"), "n": .number(42), "x": .number(-0.5), "big": .number(1e300)],
        ["flags": .array([.bool(true), .bool(false), .null]), "nested": .object(["z": .number(1), "a": .object(["m": .string("")])])],
    ]

    @Test("what is written reads back as the same value", arguments: samples)
    func roundTrip(_ value: [String: JSONValue]) {
        #expect(JSONColumn.decode(JSONColumn.encode(value)) == value)
    }

    @Test("keys are sorted at every level, so one value has one text")
    func sortedKeys() {
        let value: [String: JSONValue] = [
            "b": .number(1), "a": .object(["d": .bool(true), "c": .null]), "c": .array([.object(["y": .number(2), "x": .number(3)])]),
        ]
        #expect(JSONColumn.encode(value) == #"{"a":{"c":null,"d":true},"b":1,"c":[{"x":3,"y":2}]}"#)
    }

    @Test("the text is valid JSON to Foundation's strict parser")
    func strictParser() throws {
        for sample in Self.samples {
            let object = try JSONSerialization.jsonObject(with: Data(JSONColumn.encode(sample).utf8))
            #expect(object is [String: Any])
        }
    }
}
