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

/// `Bearer owner`, firebase-admin's emulator credential, makes its sender an administrator of a
/// development server on loopback. A web page the developer visits can reach that server too:
/// its script must not be able to use the credential, nor read an answer to it. firebase-admin
/// itself sends no `Origin` and no `Sec-Fetch-*`, and keeps working.
@Suite("Development: Bearer owner from a browser")
struct DevOwnerShortcutTests {
    static let lookup = "/identitytoolkit.googleapis.com/v1/projects/gatehouse-dev/accounts:lookup"
    static let site = "https://app.example.com"

    static func ownerLookup(_ api: API, email: String, headers: HTTPFields = [:]) async throws -> Reply {
        var fields = headers
        fields[.contentType] = "application/json"
        fields[.authorization] = "Bearer owner"
        let body = try JSONSerialization.data(withJSONObject: ["email": [email]])
        return Reply(try await api.client.executeRequest(uri: lookup, method: .post, headers: fields, body: ByteBuffer(bytes: body)))
    }

    static func corsHeaders(_ reply: Reply) -> [String] {
        reply.headers.map(\.name.canonicalName).filter { $0.lowercased().hasPrefix("access-control-") }
    }

    @Test("a foreign page's request with Bearer owner is refused and gets no CORS headers", arguments: Backend.all)
    func foreignPage(_ backend: Backend) async throws {
        try await TestServer.run(backend, configure: { $0.siteURL = Self.site }) { api in
            let email = TestServer.uniqueEmail("owner")
            try await api.createUser(email)
            let foreign: [HTTPFields] = [
                [.origin: "https://evil.example"],
                [.origin: "null"],
                [HTTPField.Name("Sec-Fetch-Site")!: "cross-site"],
                [HTTPField.Name("Sec-Fetch-Site")!: "same-site"],
                // Even the app's own origin: firebase-admin is never a web page, and an allowed
                // origin may be a preview deployment or a page with an injected script.
                [.origin: Self.site],
            ]
            for headers in foreign {
                let reply = try await Self.ownerLookup(api, email: email, headers: headers)
                #expect(reply.status == .unauthorized, "\(headers): \(reply)")
                #expect(!reply.text.contains(email), "\(headers): \(reply)")
                #expect(Self.corsHeaders(reply) == [], "\(headers): \(reply.headers)")
            }
        }
    }

    @Test("a foreign page's preflight for the admin paths gets no CORS answer", arguments: Backend.all)
    func foreignPreflight(_ backend: Backend) async throws {
        try await TestServer.run(backend, configure: { $0.siteURL = Self.site }) { api in
            let reply = Reply(
                try await api.client.executeRequest(
                    uri: Self.lookup, method: .options,
                    headers: [
                        .origin: "https://evil.example", .accessControlRequestMethod: "POST",
                        .accessControlRequestHeaders: "authorization, content-type",
                    ], body: nil))
            #expect(Self.corsHeaders(reply) == [], "\(reply.headers)")
        }
    }

    @Test("firebase-admin (no Origin, no Sec-Fetch-Site) still uses Bearer owner on loopback", arguments: Backend.all)
    func firebaseAdmin(_ backend: Backend) async throws {
        try await TestServer.run(backend, configure: { $0.siteURL = Self.site }) { api in
            let email = TestServer.uniqueEmail("owner")
            try await api.createUser(email)
            let reply = try await Self.ownerLookup(api, email: email)
            #expect(reply.status == .ok, "\(reply)")
            #expect(reply.json?["users"]?[0]?["email"]?.stringValue == email, "\(reply)")
            // A typed-in navigation is `none`; firebase-admin never sends it, but it is no page's script.
            let typed = try await Self.ownerLookup(api, email: email, headers: [HTTPField.Name("Sec-Fetch-Site")!: "none"])
            #expect(typed.status == .ok, "\(typed)")
        }
    }
}
