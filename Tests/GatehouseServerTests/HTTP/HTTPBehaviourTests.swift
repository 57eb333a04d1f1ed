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
import NIOCore
import Testing

@testable import GatehouseServer

@Suite("Error shapes and HTTP behaviour")
struct HTTPBehaviourTests {
    static let versionHeader = HTTPField.Name("X-Supabase-Api-Version")!

    static func badSignIn(_ api: API, version: String?) async throws -> Reply {
        var headers: HTTPFields = [:]
        if let version { headers[versionHeader] = version }
        return try await api.signIn(TestServer.uniqueEmail(), headers: headers)
    }

    @Test("X-Supabase-Api-Version 2024-01-01 selects {code, message} and is echoed", arguments: Backend.all)
    func modernShape(_ backend: Backend) async throws {
        try await TestServer.run(backend) { api in
            for version in ["2024-01-01", "2025-06-30"] {
                let reply = try await Self.badSignIn(api, version: version)
                #expect(reply.status == .badRequest)
                #expect(reply.json == .object(["code": .string("invalid_credentials"), "message": .string("Invalid login credentials")]))
                #expect(reply.headers[Self.versionHeader] == "2024-01-01")
                #expect(reply.headers[.contentType] == "application/json")
                #expect(reply.header("x-sb-error-code") == "invalid_credentials")
            }
        }
    }

    @Test("without the header (or with an older or invalid date): {code: <int>, error_code, msg}", arguments: Backend.all)
    func legacyShape(_ backend: Backend) async throws {
        try await TestServer.run(backend) { api in
            for version in [nil, "2023-12-31", "garbage", "2024-13-01"] as [String?] {
                let reply = try await Self.badSignIn(api, version: version)
                #expect(reply.status == .badRequest)
                #expect(
                    reply.json
                        == .object([
                            "code": .number(400), "error_code": .string("invalid_credentials"), "msg": .string("Invalid login credentials"),
                        ]), "\(version ?? "nil")")
                #expect(reply.text.contains(#""code":400"#))
                #expect(reply.headers[Self.versionHeader] == nil)
                #expect(reply.headers[.contentType] == "application/json")
            }
        }
    }

    @Test("unparsable JSON: 400 bad_json", arguments: Backend.all)
    func badJSON(_ backend: Backend) async throws {
        try await TestServer.run(backend) { api in
            for (path, body) in [("/signup", "{not json"), ("/token?grant_type=password", "{\"email\":"), ("/signup", "nul")] {
                let reply = try await api.send(.post, path, raw: ByteBuffer(string: body))
                #expect(reply.status == .badRequest, "\(body)")
                #expect(reply.errorCode == "bad_json", "\(body)")
                #expect(reply.message?.hasPrefix("Could not parse request body as JSON") == true)
            }
        }
    }

    @Test("wrong JSON types: 400 bad_json", arguments: Backend.all)
    func wrongTypes(_ backend: Backend) async throws {
        try await TestServer.run(backend) { api in
            let cases: [(String, String)] = [
                ("/signup", #"{"email":5,"password":"correct-horse"}"#),
                ("/signup", #"{"email":"a@b.co","password":12345678}"#),
                ("/signup", #"{"email":"a@b.co","password":"correct-horse","data":"text"}"#),
                ("/signup", #"["a@b.co"]"#),
                ("/token?grant_type=password", #"{"email":"a@b.co","password":true}"#),
                ("/token?grant_type=refresh_token", #"{"refresh_token":42}"#),
            ]
            for (path, body) in cases {
                let reply = try await api.send(.post, path, raw: ByteBuffer(string: body))
                #expect(reply.status == .badRequest, "\(body)")
                #expect(reply.errorCode == "bad_json", "\(body)")
            }
        }
    }

    @Test("a body that is not UTF-8: 400 bad_json", arguments: Backend.all)
    func invalidUTF8(_ backend: Backend) async throws {
        try await TestServer.run(backend) { api in
            var bytes = Array(#"{"email":"a"#.utf8)
            bytes += [0xFF, 0xFE, 0xC3]
            bytes += Array(#"@example.com","password":"correct-horse"}"#.utf8)
            let reply = try await api.send(.post, "/signup", raw: ByteBuffer(bytes: bytes))
            #expect((400..<500).contains(reply.status.code), "\(reply)")
            #expect(reply.errorCode == "bad_json")
        }
    }

    @Test("an empty body reads as {}: no credentials, GoTrue's anonymous sign-in (off: 422)", arguments: Backend.all)
    func emptyBody(_ backend: Backend) async throws {
        try await TestServer.run(backend) { api in
            let reply = try await api.send(.post, "/signup")
            #expect(reply.status == .unprocessableContent)
            #expect(reply.errorCode == "anonymous_provider_disabled")
            let recover = try await api.send(.post, "/recover")
            #expect(recover.status == .badRequest && recover.errorCode == "validation_failed", "\(recover)")
        }
    }

    @Test("bodies over 1 MiB: 413 request_entity_too_large; exactly 1 MiB is read", arguments: Backend.all)
    func bodyLimit(_ backend: Backend) async throws {
        try await TestServer.run(backend, configure: { $0.autoconfirm = true }) { api in
            func body(totalBytes: Int, email: String) -> ByteBuffer {
                let head = #"{"email":"\#(email)","password":"correct-horse","pad":""#
                let tail = #""}"#
                let pad = String(repeating: "a", count: totalBytes - head.utf8.count - tail.utf8.count)
                return ByteBuffer(string: head + pad + tail)
            }
            for path in ["/signup", "/token?grant_type=password"] {
                let tooLarge = try await api.send(.post, path, raw: body(totalBytes: (1 << 20) + 1, email: TestServer.uniqueEmail()))
                #expect(tooLarge.status == .contentTooLarge, "\(path)")
                #expect(tooLarge.errorCode == "request_entity_too_large", "\(path)")
            }
            let email = TestServer.uniqueEmail()
            let exact = try await api.send(.post, "/signup", raw: body(totalBytes: 1 << 20, email: email))
            #expect(exact.status == .ok, "\(exact.status)")
        }
    }

    @Test("unknown routes: 404 JSON, under /auth/v1 and at the root", arguments: Backend.all)
    func notFound(_ backend: Backend) async throws {
        try await TestServer.run(backend) { api in
            for client in [api, api.atRoot] {
                let reply = try await client.send(.get, "/no-such-route")
                #expect(reply.status == .notFound)
                #expect(reply.headers[.contentType] == "application/json")
                #expect(reply.errorCode == "not_found")
                #expect(reply["code"]?.intValue == 404)
                let modern = try await client.send(.post, "/admin/nothing/here", modern: true)
                #expect(modern.status == .notFound)
                #expect(modern["code"] == .string("not_found"))
            }
        }
    }

    @Test("every route answers under /auth/v1 and at the root", arguments: Backend.all)
    func bothPrefixes(_ backend: Backend) async throws {
        try await TestServer.run(backend, configure: { $0.autoconfirm = true }) { api in
            for client in [api, api.atRoot] {
                let health = try await client.send(.get, "/health")
                #expect(health.status == .ok)
                #expect(health["name"]?.stringValue?.isEmpty == false)
                let settings = try await client.send(.get, "/settings")
                #expect(settings.status == .ok)
                #expect(settings["mailer_autoconfirm"] == .bool(true))
                #expect(settings["disable_signup"] == .bool(false))
                #expect(settings["external"]?["email"] == .bool(true))
            }
            let email = TestServer.uniqueEmail()
            let signUp = try TestSession(try await api.atRoot.signUp(email))
            let signIn = try TestSession(try await api.signIn(email))
            #expect(try await api.atRoot.user(signIn.accessToken).status == .ok)
            #expect(try await api.user(signUp.accessToken).status == .ok)
            #expect(try await api.atRoot.refresh(signIn.refreshToken).status == .ok)
            #expect(try await api.atRoot.logout(signUp.accessToken, scope: "local").status == .noContent)
            #expect(try await api.user(signUp.accessToken).errorCode == "session_not_found")
        }
    }

    @Test("success responses are JSON with status 200 and no error headers", arguments: Backend.all)
    func successResponses(_ backend: Backend) async throws {
        try await TestServer.run(backend, configure: { $0.autoconfirm = true }) { api in
            let reply = try await api.signUp(TestServer.uniqueEmail(), modern: true)
            #expect(reply.status == .ok)
            #expect(reply.headers[.contentType] == "application/json")
            #expect(reply.header("x-sb-error-code") == nil)
        }
    }
}
