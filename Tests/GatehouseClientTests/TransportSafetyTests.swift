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
import GatehouseClient
import GatehouseCore
import Synchronization
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Credentials go only to https (or loopback) hosts, are not carried along
/// redirects, and nothing the SDK sends may be cached.
@Suite("The transport keeps credentials on the wire it was given")
struct TransportSafetyTests {
    /// Records requests and answers each with a fixed body.
    final class ScriptedTransport: HTTPTransport {
        let status: Int
        let body: String
        private let recorded = Mutex<[URLRequest]>([])
        init(status: Int = 200, body: String) {
            self.status = status
            self.body = body
        }
        var requests: [URLRequest] { recorded.withLock { $0 } }
        func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
            recorded.withLock { $0.append(request) }
            return (Data(body.utf8), HTTPURLResponse(url: request.url!, statusCode: status, httpVersion: "HTTP/1.1", headerFields: nil)!)
        }
    }

    static let sessionJSON = """
        {"access_token": "a.b.c", "token_type": "bearer", "expires_in": 3600, "expires_at": 4102444800, "refresh_token": "r1",
         "user": {"id": "u1", "aud": "authenticated", "role": "authenticated", "email": "a@example.com", "phone": "",
                  "app_metadata": {}, "user_metadata": {}, "identities": [],
                  "created_at": "2026-01-01T00:00:00Z", "updated_at": "2026-01-01T00:00:00Z"}}
        """

    static func client(_ url: String, transport: any HTTPTransport) -> AuthClient {
        var configuration = AuthClientConfiguration(url: URL(string: url)!, storage: MemorySessionStorage())
        configuration.autoRefreshToken = false
        configuration.flowType = .implicit
        configuration.transport = transport
        return AuthClient(configuration: configuration)
    }

    // MARK: Plain http only on loopback

    @Test(arguments: ["http://auth.example.com", "http://10.0.0.7:9999/auth/v1", "http://127.0.0.1.evil.example", "ftp://auth.example.com"])
    func aPasswordIsNeverSentOverPlainHTTPToAnotherHost(url: String) async throws {
        let transport = ScriptedTransport(body: Self.sessionJSON)
        let error = await #expect(throws: (any Error).self) {
            try await Self.client(url, transport: transport).signIn(email: "a@example.com", password: "hunter2-hunter2", rememberMe: false)
        }
        #expect(transport.requests.isEmpty)
        #expect(error.map { "\($0)" }?.contains("https") == true, "\(String(describing: error))")
    }

    @Test func resetBackendsRefusePlainHTTPToo() async throws {
        let transport = ScriptedTransport(body: #"{"success": true, "message": "sent"}"#)
        let address = try EmailAddress(validating: "a@example.com")
        let services: [any PasswordResetService] = [
            EdgeFunctionResetService(baseURL: URL(string: "http://example.com")!, transport: transport),
            RESTResetService(baseURL: URL(string: "http://example.com/api/")!, transport: transport),
        ]
        for service in services {
            await #expect(throws: (any Error).self) { try await service.requestPasswordReset(for: address) }
        }
        #expect(transport.requests.isEmpty)
    }

    @Test(arguments: [
        "https://auth.example.com", "http://127.0.0.1:9999", "http://localhost:9999/auth/v1", "http://[::1]:9999", "http://127.0.0.2",
    ])
    func httpsAndLoopbackAreAllowed(url: String) async throws {
        let transport = ScriptedTransport(body: Self.sessionJSON)
        _ = try await Self.client(url, transport: transport).signIn(email: "a@example.com", password: "hunter2-hunter2", rememberMe: false)
        #expect(transport.requests.count == 1)
    }

    // MARK: No caching

    @Test func everyRequestSaysNoStore() async throws {
        let transport = ScriptedTransport(body: Self.sessionJSON)
        let client = Self.client("https://auth.example.com", transport: transport)
        _ = try await client.signIn(email: "a@example.com", password: "hunter2-hunter2", rememberMe: false)
        _ = try? await client.user()
        _ = try? await client.refreshSession()
        let reset = RESTResetService(baseURL: URL(string: "https://example.com/api/")!, transport: transport)
        _ = try? await reset.requestPasswordReset(for: EmailAddress(validating: "a@example.com"))
        #expect(transport.requests.count >= 3)
        for request in transport.requests {
            #expect(request.value(forHTTPHeaderField: "Cache-Control") == "no-store", "\(request.url!)")
        }
    }

    // MARK: No redirects

    /// A real local server answers the password grant with a 307 (which would re-send the
    /// password to the new location): the default transport does not follow it.
    @Test func aRedirectIsNotFollowedWithThePassword() async throws {
        let server = try RedirectingServer()
        defer { server.stop() }
        var configuration = AuthClientConfiguration(url: server.url, storage: MemorySessionStorage())
        configuration.autoRefreshToken = false
        configuration.requestTimeout = .seconds(10)
        let client = AuthClient(configuration: configuration)
        await #expect(throws: AuthClientError.self) {
            try await client.signIn(email: "a@example.com", password: "hunter2-hunter2", rememberMe: false)
        }
        #expect(server.requests.count == 1, "\(server.requests)")
        #expect(!server.requests.contains { $0.contains("/landed") })
    }

    @Test func theDefaultTransportDoesNotFollowRedirectsForResetRequestsEither() async throws {
        let server = try RedirectingServer()
        defer { server.stop() }
        let service = EdgeFunctionResetService(baseURL: server.url, apiKey: "anon-key", timeout: .seconds(10))
        await #expect(throws: AuthClientError.self) {
            try await service.requestPasswordReset(for: EmailAddress(validating: "a@example.com"))
        }
        #expect(server.requests.count == 1, "\(server.requests)")
    }
}
