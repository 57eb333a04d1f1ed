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

/// Codes of an authenticator app on a test's hand-moved clock.
enum WebTOTP {
    static func code(_ secret: String, at time: ManualServerClock, offset: Int64 = 0) throws -> String {
        TOTP.code(secret: try #require(Base32.decode(secret)), step: TOTP.step(at: time.now.secondsSinceEpoch) + offset)
    }

    /// A code no step within the skew accepts.
    static func wrongCode(_ secret: String, at time: ManualServerClock) throws -> String {
        let accepted = Set(try (-2...2).map { try code(secret, at: time, offset: Int64($0)) })
        return try #require((0..<1000).map { String(format: "%06d", $0) }.first { !accepted.contains($0) })
    }
}

/// The pages' steps several web tests share, as a browser takes them.
extension WebFormClient {
    /// The login form posted with the page's CSRF token.
    mutating func passwordSignIn(_ email: String, password: String = TestServer.password, remember: Bool = false) async throws -> Reply {
        let page = try await get("/login")
        let csrf = try #require(WebFormClient.hiddenField("csrf", in: page), "\(page)")
        var fields = ["csrf": csrf, "email": email, "password": password]
        if remember { fields["remember"] = "on" }
        return try await post("/login", fields)
    }

    /// Posts `fields` to `path` with the CSRF token of the page at `page`.
    mutating func pagePost(_ path: String, from page: String = "/account", _ fields: [String: String] = [:]) async throws -> Reply {
        let shown = try await get(page)
        let csrf = try #require(WebFormClient.hiddenField("csrf", in: shown), "\(shown)")
        return try await post(path, fields.merging(["csrf": csrf]) { current, _ in current })
    }

    /// Sets an authenticator app up on the account page and confirms it with its code now: the
    /// factor's id and its key.
    mutating func addAuthenticator(_ name: String, at time: ManualServerClock) async throws -> (id: String, secret: String) {
        let setup = try await pagePost("/account/mfa/enroll", ["name": name])
        try #require(setup.status == .ok, "\(setup)")
        let secret = try #require(Self.text(after: "<code id=\"mfa-secret\">", in: setup, until: "<"), "\(setup)")
        let form = try #require(setup.text.range(of: "action=\"/account/mfa/confirm\""), "\(setup)")
        let id = try #require(Self.text(after: "name=\"factor\" value=\"", in: setup, from: form.upperBound, until: "\""))
        let confirmed = try await pagePost("/account/mfa/confirm", ["factor": id, "code": try WebTOTP.code(secret, at: time)])
        try #require(confirmed.text.contains("Two-factor authentication is on."), "\(confirmed)")
        return (id, secret)
    }

    private static func text(after marker: String, in page: Reply, from start: String.Index? = nil, until end: Character) -> String? {
        let range = start.map { $0..<page.text.endIndex } ?? page.text.startIndex..<page.text.endIndex
        guard let found = page.text.range(of: marker, range: range) else { return nil }
        return String(page.text[found.upperBound...].prefix { $0 != end })
    }
}

extension API {
    /// The account as the admin API shows it.
    func adminUser(_ id: String) async throws -> Reply {
        let reply = try await send(.get, "/admin/users/\(id)", bearer: serviceRoleToken)
        try #require(reply.status == .ok, "\(reply)")
        return reply
    }

    /// The audit entries of `userId` with `action`.
    func auditEntries(_ userId: String, _ action: String) async throws -> [JSONValue] {
        let reply = try await send(.get, "/admin/audit?user_id=\(userId)&action=\(action)", bearer: serviceRoleToken)
        return try #require(reply.json?.arrayValue, "\(reply)")
    }
}
