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
import HTTPTypes
import Testing

@testable import GatehouseServer

/// The OpenAPI document (`openapi/`, served at `/openapi.json`): it names every route of the
/// route table and no other, it is the repository's files merged, and it is served cacheably.
@Suite("OpenAPI document")
struct OpenAPIDocumentTests {
    /// The repository's `openapi/` folder (this file is Tests/GatehouseServerTests/OpenAPI/…).
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("openapi")

    static func object(_ data: Data) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    /// `METHOD /path` of every operation, `{name}` templates normalised to `{}`.
    static func operations(_ document: [String: Any]) -> Set<String> {
        let methods: Set<String> = ["get", "put", "post", "delete", "options", "head", "patch", "trace"]
        var found: Set<String> = []
        for (path, item) in document["paths"] as? [String: Any] ?? [:] {
            for method in (item as? [String: Any] ?? [:]).keys where methods.contains(method) {
                found.insert("\(method.uppercased()) \(normalised(path))")
            }
        }
        return found
    }

    static func normalised(_ path: String) -> String {
        path.replacing(/\{[^}\/]*\}/, with: "{}")
    }

    @Test("every route of the route table is documented, and the document names no other route (HEAD mirrors GET)")
    func matchesRouteTable() async throws {
        let routes = try await RouteTable.routes(configuration: RouteListTests.configuration())
        let table = Set(routes.filter { $0.method != "HEAD" }.map { "\($0.method) \(Self.normalised($0.path))" })
        let documented = Self.operations(try Self.object(Data(OpenAPIDocument.bytes)))
        #expect(table.subtracting(documented).isEmpty, "routes missing from the document: \(table.subtracting(documented).sorted())")
        #expect(documented.subtracting(table).isEmpty, "documented routes the server lacks: \(documented.subtracting(table).sorted())")
        #expect(documented.contains("GET /openapi.json"))
    }

    @Test("the path templates normalise: parameter names do not matter, segments do")
    func normalisation() {
        #expect(Self.normalised("/admin/users/{id}/factors/{factor_id}") == "/admin/users/{}/factors/{}")
        #expect(Self.normalised("/admin/users/{user}") == Self.normalised("/admin/users/{id}"))
        #expect(Self.normalised("/admin/users/{id}") != Self.normalised("/admin/users/{id}/factors"))
    }

    @Test("the served document is openapi/openapi.json with every openapi/fragments/*.json merged in")
    func assembledFromTheFolder() throws {
        let served = try Self.object(Data(OpenAPIDocument.bytes))
        let expected = try Self.object(try Data(contentsOf: Self.folder.appendingPathComponent("openapi.json")))
        let fragmentsFolder = Self.folder.appendingPathComponent("fragments")
        let names = try FileManager.default.contentsOfDirectory(atPath: fragmentsFolder.path).filter { $0.hasSuffix(".json") }.sorted()
        #expect(names.contains("openapi.json"), "this branch's own fragment (GET /openapi.json)")
        var expectedOperations = Self.operations(expected)
        var expectedSchemas = Set(
            (expected["components"] as? [String: Any])?["schemas"].flatMap { ($0 as? [String: Any])?.keys }.map(Array.init) ?? [])
        for name in names {
            let fragment = try Self.object(try Data(contentsOf: fragmentsFolder.appendingPathComponent(name)))
            let added = Self.operations(fragment)
            #expect(
                added.isDisjoint(with: expectedOperations),
                "\(name) documents an operation twice: \(added.intersection(expectedOperations))")
            expectedOperations.formUnion(added)
            let schemas = ((fragment["components"] as? [String: Any])?["schemas"] as? [String: Any])?.keys
            expectedSchemas.formUnion(schemas.map(Array.init) ?? [])
        }
        #expect(Self.operations(served) == expectedOperations)
        let servedSchemas = Set(((served["components"] as? [String: Any])?["schemas"] as? [String: Any])?.keys.map { $0 } ?? [])
        #expect(servedSchemas == expectedSchemas)
        #expect(served["openapi"] as? String == "3.1.0")
    }

    @Test("GET /openapi.json: public JSON, cacheable for a while, revalidated by ETag (304)")
    func served() async throws {
        try await TestServer.run(.sqlite) { api in
            let reply = try await api.atRoot.send(.get, "/openapi.json")
            #expect(reply.status == .ok, "\(reply.status)")
            #expect(reply.header("Content-Type") == "application/json")
            #expect(reply.header("Cache-Control") == "public, max-age=300, must-revalidate")
            #expect(Array(reply.text.utf8) == OpenAPIDocument.bytes)
            let etag = try #require(reply.header("ETag"))
            let again = try await api.atRoot.send(.get, "/openapi.json", headers: [.ifNoneMatch: etag])
            #expect(again.status == .notModified && again.text.isEmpty, "\(again)")
            #expect(again.header("ETag") == etag)
            let other = try await api.atRoot.send(.get, "/openapi.json", headers: [.ifNoneMatch: "\"something-else\""])
            #expect(other.status == .ok)
        }
    }
}
