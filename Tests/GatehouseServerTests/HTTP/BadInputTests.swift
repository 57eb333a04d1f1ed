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

@testable import GatehouseServer

/// The JSON depth setting, the byte scan that enforces it and finds NULs, and the
/// query-string guard.
@Suite("Bad input")
struct BadInputTests {
    static func env(_ extra: [String: String] = [:]) -> [String: String] {
        ["GATEHOUSE_JWT_SECRET": String(repeating: "s", count: 32)].merging(extra) { $1 }
    }

    @Test("GATEHOUSE_MAX_JSON_DEPTH defaults to 32 and is read")
    func depthSetting() throws {
        #expect(try ServerConfiguration.fromEnvironment(Self.env()).maximumJSONDepth == 32)
        #expect(try ServerConfiguration.fromEnvironment(Self.env(["GATEHOUSE_MAX_JSON_DEPTH": "8"])).maximumJSONDepth == 8)
    }

    @Test("a bad GATEHOUSE_MAX_JSON_DEPTH is a startup error", arguments: ["0", "1", "129", "deep", "-3"])
    func badDepthSetting(_ value: String) {
        #expect(throws: ConfigurationError.self) {
            try ServerConfiguration.fromEnvironment(Self.env(["GATEHOUSE_MAX_JSON_DEPTH": value]))
        }
    }

    static func nested(_ depth: Int) -> String {
        String(repeating: "{\"a\":", count: depth - 1) + "{}" + String(repeating: "}", count: depth - 1)
    }

    @Test("depth is counted outside strings only")
    func depth() {
        #expect(JSONShape.check(Array(Self.nested(32).utf8), maximumDepth: 32) == nil)
        #expect(JSONShape.check(Array(Self.nested(33).utf8), maximumDepth: 32) == .tooDeep(limit: 32))
        #expect(JSONShape.check(Array("{\"a\":\"[[[[[[{{{{\"}".utf8), maximumDepth: 2) == nil)
        #expect(JSONShape.check(Array("[[1],[2],[[3]]]".utf8), maximumDepth: 3) == nil)
        #expect(JSONShape.check(Array("[[1],[2],[[[3]]]]".utf8), maximumDepth: 3) == .tooDeep(limit: 3))
    }

    @Test(
        "a NUL is found and its field named",
        arguments: [
            (#"{"email":"a\u0000b"}"#, "email"),
            (#"{"data":{"name":"x\u0000"}}"#, "data.name"),
            (#"{"data":{"na\u0000me":1}}"#, "data"),
            (#"{"data":{"list":["ok","\u0000"]}}"#, "data.list"),
            (#"{"a":"\\u0000","b":"\u0000"}"#, "b"),
        ])
    func nul(_ body: String, _ field: String) {
        #expect(JSONShape.check(Array(body.utf8), maximumDepth: 32) == .nul(field: field))
    }

    @Test("escapes that are not NUL pass")
    func notNul() {
        #expect(JSONShape.check(Array(#"{"a":"\\u0000 \u0001 \u00000 \"\u0000"}"#.utf8), maximumDepth: 32) == .nul(field: "a"))
        #expect(JSONShape.check(Array(#"{"a":"\\u0000 \u0001 \u1000 \""}"#.utf8), maximumDepth: 32) == nil)
    }

    @Test("query strings and paths with NUL or invalid UTF-8 are refused, naming the parameter")
    func queryGuard() {
        #expect(QueryInputGuard<GatehouseRequestContext>.problem(query: "role=%00", path: "/admin/users")?.contains("\"role\"") == true)
        #expect(
            QueryInputGuard<GatehouseRequestContext>.problem(query: "page=1&role=x%00y", path: "/admin/users")?.contains("\"role\"") == true
        )
        #expect(QueryInputGuard<GatehouseRequestContext>.problem(query: "role=%ff", path: "/admin/users") != nil)
        #expect(QueryInputGuard<GatehouseRequestContext>.problem(query: "", path: "/admin/users/%00") != nil)
        #expect(QueryInputGuard<GatehouseRequestContext>.problem(query: "role=%C3%A9t%C3%A9&x=%zz&y", path: "/admin/users") == nil)
    }

    // The time limit only stops a decode that would not stop at the bound (it takes
    // milliseconds); nothing here asserts how fast it is.
    @Test("a stored value nested past the read bound reads as an empty object", .timeLimit(.minutes(1)))
    func storedDepth() {
        #expect(JSONColumn.decode(Self.nested(100_000)) == [:])
        #expect(JSONColumn.decode(Self.nested(100)) != [:])
    }
}
