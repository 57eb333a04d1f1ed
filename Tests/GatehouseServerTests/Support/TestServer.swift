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
import HummingbirdTesting
import NIOCore
import Testing

@testable import GatehouseServer

/// Builds a configured Gatehouse app on a fresh database of the given backend and runs `body`
/// against its router (no socket). The database is removed afterwards.
enum TestServer {
    static let jwtSecret = "gatehouse-tests-secret-0123456789abcdefghijklmnop"
    static let password = "correct-horse-battery"
    static let otherPassword = "another-fine-password"

    /// Bcrypt cost 4, every rate limit off and four PostgreSQL connections an app (the suite runs
    /// many apps side by side, each opening its pool at start); `configure` changes the rest.
    static func configuration(databaseURL: String) -> ServerConfiguration {
        var configuration = ServerConfiguration(jwtSecret: jwtSecret)
        configuration.databaseURL = databaseURL
        configuration.databasePoolSize = 4
        configuration.bcryptCost = 4
        configuration.rateLimits.tokenPerFiveMinutes = 0
        configuration.rateLimits.otpPerFiveMinutes = 0
        configuration.rateLimits.verifyPerFiveMinutes = 0
        configuration.logLevel = .critical
        return configuration
    }

    static func run(
        _ backend: Backend,
        configure: (inout ServerConfiguration) -> Void = { _ in },
        clock: ServerClock = .system,
        _ body: @Sendable (API) async throws -> Void
    ) async throws {
        try await withDatabase(backend) { database in
            try await run(on: database, configure: configure, clock: clock, body)
        }
    }

    /// A fresh database for `body`, removed afterwards; several apps may run on it in turn.
    static func withDatabase(_ backend: Backend, _ body: (ScratchDatabase) async throws -> Void) async throws {
        let database = try await ScratchDatabase.make(backend)
        do {
            try await body(database)
        } catch {
            await database.drop()
            throw error
        }
        await database.drop()
    }

    /// Builds an app on an existing database, runs `body` against its router, and stops it.
    @discardableResult
    static func run<T: Sendable>(
        on database: ScratchDatabase,
        configure: (inout ServerConfiguration) -> Void = { _ in },
        clock: ServerClock = .system,
        _ body: @Sendable (API) async throws -> T
    ) async throws -> T {
        var configuration = configuration(databaseURL: database.url)
        configure(&configuration)
        let app = try await buildApplication(configuration: configuration, logger: nil, clock: clock)
        let serviceRole = try await TokenSigner(secret: configuration.jwtSecret, issuer: "tests", lifetime: 3600)
            .roleToken("service_role", validFor: 3600)
        return try await app.test(.router) { client in
            try await body(API(client: client, serviceRoleToken: serviceRole))
        }
    }

    static func uniqueEmail(_ prefix: String = "user") -> String {
        "\(prefix)-\(UUID().uuidString.prefix(8).lowercased())@example.com"
    }
}

/// A response, with its body parsed as JSON when it is JSON.
struct Reply: Sendable, CustomStringConvertible {
    let status: HTTPResponse.Status
    let headers: HTTPFields
    let text: String
    let json: JSONValue?

    init(_ response: TestResponse) {
        status = response.status
        headers = response.headers
        text = String(buffer: response.body)
        json = try? JSONDecoder().decode(JSONValue.self, from: Data(buffer: response.body))
    }

    subscript(key: String) -> JSONValue? { json?[key] }

    /// The error code in either shape: `error_code` (legacy) or the string `code` (2024-01-01).
    var errorCode: String? { self["error_code"]?.stringValue ?? self["code"]?.stringValue }
    /// The message in either shape.
    var message: String? { self["msg"]?.stringValue ?? self["message"]?.stringValue }
    func header(_ name: String) -> String? { HTTPField.Name(name).flatMap { headers[$0] } }
    var description: String { "\(status.code) \(text)" }
}

/// A signed-in session, as the tests use it.
struct TestSession: Sendable {
    let accessToken: String
    let refreshToken: String
    let userId: String

    init(_ reply: Reply) throws {
        try #require(reply.status == .ok, "\(reply)")
        accessToken = try #require(reply["access_token"]?.stringValue)
        refreshToken = try #require(reply["refresh_token"]?.stringValue)
        userId = try #require(reply["user"]?["id"]?.stringValue)
    }
}

/// The HTTP calls of the GoTrue API, made through the router.
struct API: Sendable {
    let client: any TestClientProtocol
    let serviceRoleToken: String
    var prefix = "/auth/v1"

    /// The same API addressed at the server's root instead of `/auth/v1`.
    var atRoot: API {
        var copy = self
        copy.prefix = ""
        return copy
    }

    func send(
        _ method: HTTPRequest.Method, _ path: String, raw: ByteBuffer? = nil, bearer: String? = nil,
        modern: Bool = false, headers: HTTPFields = [:]
    ) async throws -> Reply {
        var fields = headers
        if raw != nil, fields[.contentType] == nil { fields[.contentType] = "application/json" }
        if let bearer { fields[.authorization] = "Bearer \(bearer)" }
        if modern { fields[HTTPField.Name("X-Supabase-Api-Version")!] = "2024-01-01" }
        return Reply(try await client.executeRequest(uri: prefix + path, method: method, headers: fields, body: raw))
    }

    func send(
        _ method: HTTPRequest.Method, _ path: String, json: [String: Any], bearer: String? = nil,
        modern: Bool = false, headers: HTTPFields = [:]
    ) async throws -> Reply {
        let data = try JSONSerialization.data(withJSONObject: json)
        return try await send(method, path, raw: ByteBuffer(bytes: data), bearer: bearer, modern: modern, headers: headers)
    }

    func signUp(_ email: String, _ password: String = TestServer.password, data: [String: Any]? = nil, modern: Bool = false) async throws
        -> Reply
    {
        var body: [String: Any] = ["email": email, "password": password]
        if let data { body["data"] = data }
        return try await send(.post, "/signup", json: body, modern: modern)
    }

    func signIn(_ email: String, _ password: String = TestServer.password, headers: HTTPFields = [:]) async throws -> Reply {
        try await send(.post, "/token?grant_type=password", json: ["email": email, "password": password], headers: headers)
    }

    func refresh(_ token: String) async throws -> Reply {
        try await send(.post, "/token?grant_type=refresh_token", json: ["refresh_token": token])
    }

    func user(_ accessToken: String) async throws -> Reply {
        try await send(.get, "/user", bearer: accessToken)
    }

    func logout(_ accessToken: String, scope: String? = nil) async throws -> Reply {
        try await send(.post, "/logout" + (scope.map { "?scope=\($0)" } ?? ""), bearer: accessToken)
    }

    /// Creates an account through the admin API (confirmed unless told otherwise); returns its id.
    @discardableResult
    func createUser(_ email: String, _ password: String = TestServer.password, confirmed: Bool = true) async throws -> String {
        let reply = try await send(
            .post, "/admin/users", json: ["email": email, "password": password, "email_confirm": confirmed], bearer: serviceRoleToken
        )
        try #require(reply.status == .ok, "\(reply)")
        return try #require(reply["id"]?.stringValue)
    }

    /// A confirmed account and a signed-in session for it.
    func signedInUser(_ email: String = TestServer.uniqueEmail(), _ password: String = TestServer.password) async throws -> TestSession {
        try await createUser(email, password)
        return try TestSession(try await signIn(email, password))
    }
}

extension JSONValue {
    subscript(key: String) -> JSONValue? { objectValue?[key] }
    subscript(index: Int) -> JSONValue? {
        guard case .array(let items) = self, items.indices.contains(index) else { return nil }
        return items[index]
    }
    var arrayValue: [JSONValue]? {
        if case .array(let items) = self { return items }
        return nil
    }
    var intValue: Int? {
        if case .number(let value) = self, value.rounded() == value { return Int(value) }
        return nil
    }
    var keys: Set<String> { Set(objectValue?.keys.map { $0 } ?? []) }
}

/// The payload of a JWT, decoded without verifying it.
func jwtPayload(_ token: String) throws -> JSONValue {
    let parts = token.split(separator: ".", omittingEmptySubsequences: false)
    try #require(parts.count == 3, "not a JWT: \(token)")
    var base64 = parts[1].replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
    base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
    let data = try #require(Data(base64Encoded: base64))
    return try JSONDecoder().decode(JSONValue.self, from: data)
}
