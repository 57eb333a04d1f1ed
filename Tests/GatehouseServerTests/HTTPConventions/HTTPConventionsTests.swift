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
import HTTPTypes
import Testing

@testable import GatehouseServer

/// HTTP's method rules on every route of the route table: `HEAD`
/// wherever `GET` answers, `405` with `Allow` for a method a known path does not take, and
/// `OPTIONS` as CORS (and RFC 9110) expects. The table is iterated, so a route added later is
/// covered without touching this file.
@Suite("HTTP conventions: HEAD, 405 + Allow, OPTIONS", .timeLimit(.minutes(10)))
struct HTTPConventionsTests {
    /// Every path pattern with its methods, as the router holds them.
    static func paths() async throws -> [String: Set<String>] {
        var configuration = TestServer.configuration(databaseURL: "postgres://nobody:nothing@127.0.0.1:1/none")
        configuration.bcryptCost = 4
        let routes = try await RouteTable.routes(configuration: configuration)
        return Dictionary(grouping: routes, by: \.path).mapValues { Set($0.map(\.method)) }
    }

    /// A concrete path for a pattern: each `{parameter}` becomes a harmless sample value.
    static func concrete(_ pattern: String) -> String {
        pattern.replacing(/\{[^}]+\}/) { _ in "sample" }
    }

    /// The `Allow` a path answers with: its methods, `HEAD` where `GET` is, and `OPTIONS`.
    static func allow(_ methods: Set<String>) -> Set<String> {
        var allowed = methods.union(["OPTIONS"])
        if methods.contains("GET") { allowed.insert("HEAD") }
        return allowed
    }

    static func methods(of reply: Reply) -> Set<String> {
        Set((reply.header("Allow") ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) })
    }

    /// Headers that differ between two requests whatever the method: fresh nonces and ids.
    static let volatileHeaders: Set<String> = ["set-cookie", "x-request-id", "date", "content-security-policy"]

    /// Routes whose body changes from one request to the next (the metrics count the GET itself).
    static let changingBodies: Set<String> = ["/metrics"]

    static func stableHeaders(_ reply: Reply, of pattern: String = "") -> [String: String] {
        var volatile = volatileHeaders
        if changingBodies.contains(pattern) { volatile.insert("content-length") }
        var fields: [String: String] = [:]
        for field in reply.headers where !volatile.contains(field.name.canonicalName) {
            fields[field.name.canonicalName, default: ""] += field.value + ";"
        }
        return fields
    }

    @Test("HEAD answers on every GET route with GET's status and headers and no body", arguments: Backend.all)
    func headOnEveryGetRoute(_ backend: Backend) async throws {
        let paths = try await Self.paths()
        // A path with a HEAD route of its own (`/verify`: a link scanner's HEAD must not spend the
        // link) answers it as that route says; every other GET route gets the router's HEAD.
        let gets = paths.filter { $0.value.contains("GET") && !$0.value.contains("HEAD") }.keys.sorted()
        #expect(gets.count > 20)
        try await TestServer.run(backend) { api in
            for pattern in gets {
                let path = Self.concrete(pattern)
                let get = try await api.atRoot.send(.get, path)
                let head = try await api.atRoot.send(.head, path)
                #expect(head.status == get.status, "HEAD \(path): \(head.status.code), GET: \(get.status.code)")
                #expect(head.text.isEmpty, "HEAD \(path) has a body")
                #expect(
                    Self.stableHeaders(head, of: pattern) == Self.stableHeaders(get, of: pattern), "HEAD \(path) headers differ from GET's")
            }
        }
    }

    @Test("a method a known path does not take answers 405 with Allow listing the path's methods", arguments: Backend.all)
    func wrongMethodOnEveryPath(_ backend: Backend) async throws {
        let paths = try await Self.paths()
        let candidates: [HTTPRequest.Method] = [.get, .post, .put, .patch, .delete]
        try await TestServer.run(backend) { api in
            for (pattern, methods) in paths.sorted(by: { $0.key < $1.key }) {
                let path = Self.concrete(pattern)
                for method in candidates where !methods.contains(method.rawValue) {
                    let reply = try await api.atRoot.send(method, path)
                    #expect(reply.status == .methodNotAllowed, "\(method) \(path): \(reply)")
                    #expect(Self.methods(of: reply) == Self.allow(methods), "\(method) \(path): Allow \(reply.header("Allow") ?? "-")")
                }
            }
        }
    }

    @Test("405 comes in the error shape of the path's adapter", arguments: Backend.all)
    func shapes(_ backend: Backend) async throws {
        try await TestServer.run(backend) { api in
            // GoTrue, legacy and 2024-01-01 shapes.
            let legacy = try await api.send(.delete, "/token")
            #expect(legacy.status == .methodNotAllowed)
            #expect(legacy["error_code"]?.stringValue == "method_not_allowed", "\(legacy)")
            #expect(legacy["code"]?.intValue == 405)
            let modern = try await api.send(.get, "/logout", modern: true)
            #expect(modern["code"]?.stringValue == "method_not_allowed", "\(modern)")
            // Firebase's envelope.
            let firebase = try await api.atRoot.send(.get, "/identitytoolkit.googleapis.com/v1/accounts:signUp")
            #expect(firebase.status == .methodNotAllowed)
            #expect(firebase["error"]?["code"]?.intValue == 405, "\(firebase)")
            // The Edge Function and REST envelopes.
            let edge = try await api.atRoot.send(.get, "/functions/v1/send-reset-email")
            #expect(edge.status == .methodNotAllowed)
            #expect(edge["success"] == .bool(false), "\(edge)")
            #expect(edge["error"]?.stringValue != nil, "\(edge)")
            let rest = try await api.atRoot.send(.get, "/api/request_password_reset")
            #expect(rest.status == .methodNotAllowed)
            #expect(rest["success"] == .bool(false), "\(rest)")
            // A page: the error page, HTML with the pages' security headers.
            for path in ["/login", "/account", "/forgot-password"] {
                let page = try await api.atRoot.send(.delete, path)
                #expect(page.status == .methodNotAllowed)
                #expect(page.header("Content-Type")?.hasPrefix("text/html") == true, "\(path): \(page.headers)")
                #expect(page.header("Content-Security-Policy") != nil, "\(path)")
                #expect(page.text.contains("<html") || page.text.contains("<!DOCTYPE"), "\(path)")
            }
            // An unknown path stays a 404.
            #expect(try await api.atRoot.send(.delete, "/no/such/path").status == .notFound)
        }
    }

    @Test("OPTIONS: a CORS preflight on every path still answers 204; a plain OPTIONS lists Allow", arguments: Backend.all)
    func options(_ backend: Backend) async throws {
        let paths = try await Self.paths()
        try await TestServer.run(backend, configure: { $0.siteURL = "https://app.example.com" }) { api in
            for (pattern, methods) in paths.sorted(by: { $0.key < $1.key }) where !pattern.hasPrefix("/_dev") {
                let path = Self.concrete(pattern)
                let preflight = try await api.atRoot.send(
                    .options, path, headers: [.origin: "https://app.example.com", .accessControlRequestMethod: "POST"])
                #expect(preflight.status == .noContent, "preflight \(path): \(preflight)")
                #expect(preflight.headers[.accessControlAllowOrigin] == "https://app.example.com", "\(path)")
                let plain = try await api.atRoot.send(.options, path)
                #expect(plain.status == .noContent, "OPTIONS \(path): \(plain)")
                #expect(Self.methods(of: plain) == Self.allow(methods), "OPTIONS \(path): \(plain.header("Allow") ?? "-")")
            }
        }
    }
}
