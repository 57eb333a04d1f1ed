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
import Hummingbird
import HummingbirdTesting
import Logging
import Testing

@testable import GatehouseServer

/// The real fetcher against an issuer on loopback (port 0: the system picks a free one): keys and
/// discovery over HTTP, `Cache-Control` read, and the size and time limits held.
@Suite("JWKS over loopback HTTP")
struct JWKSLoopbackTests {
    /// Runs `body` with an issuer at `http://127.0.0.1:<port>` whose discovery document names
    /// itself, and the number of key fetches it answered.
    static func withIssuer(_ body: @Sendable (String, @escaping @Sendable () -> Int) async throws -> Void) async throws {
        let keyFetches = Counter()
        let jwks = IDTokenTestIssuer.shared.jwks()
        let router = Router()
        router.get(".well-known/openid-configuration") { request, _ -> Response in
            let base = "http://\(request.head.authority ?? "")"
            let document =
                #"{"issuer":"\#(base)","jwks_uri":"\#(base)/keys","authorization_endpoint":"\#(base)/authorize","token_endpoint":"\#(base)/token"}"#
            return Self.json(Data(document.utf8))
        }
        router.get("keys") { _, _ -> Response in
            keyFetches.increment()
            var response = Self.json(jwks)
            response.headers[.cacheControl] = "public, max-age=900"
            return response
        }
        router.get("large") { _, _ -> Response in
            Self.json(Data(("{\"keys\":[],\"padding\":\"" + String(repeating: "x", count: 70 * 1024) + "\"}").utf8))
        }
        router.get("missing") { _, _ -> Response in Response(status: .notFound) }
        router.get("slow") { _, _ -> Response in
            try await Task.sleep(for: .seconds(3))
            return Self.json(jwks)
        }
        let app = Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)))
        try await app.test(.live) { client in
            guard let port = client.port else { throw CancellationError() }
            try await body("http://127.0.0.1:\(port)", { keyFetches.value })
        }
    }

    static func json(_ data: Data) -> Response {
        Response(status: .ok, headers: [.contentType: "application/json"], body: ResponseBody(byteBuffer: ByteBuffer(bytes: data)))
    }

    final class Counter: @unchecked Sendable {
        private let lock = NSLock()
        private var count = 0
        func increment() { lock.withLock { count += 1 } }
        var value: Int { lock.withLock { count } }
    }

    @Test("a token is verified with keys found through the issuer's discovery document, fetched once")
    func verifiesOverHTTP() async throws {
        try await Self.withIssuer { base, keyFetches in
            let provider = IDTokenTestIssuer.provider(issuer: base)
            var discovered = provider
            discovered.jwksURL = nil
            let verifier = OIDCTokenVerifier.live(logger: Logger(label: "test.oidc"))
            let token = IDTokenTestIssuer.shared.token(IDTokenTestIssuer.claims(["iss": .string(base)]))
            for _ in 0..<3 {
                let identity = try await verifier.verify(idToken: token, from: discovered, nonce: nil, now: IDTokenTestIssuer.now)
                #expect(identity.subject == "subject-1")
            }
            #expect(keyFetches() == 1)
            let endpoints = try await verifier.discovery.endpoints(of: discovered)
            #expect(
                endpoints == ProviderEndpoints(jwksURL: base + "/keys", authorizationURL: base + "/authorize", tokenURL: base + "/token"))
        }
    }

    @Test("the fetcher reads max-age, and refuses a body over its limit, a 404 and a slow answer")
    func fetcherLimits() async throws {
        try await Self.withIssuer { base, _ in
            let fetcher = HTTPDocumentFetcher(timeout: .seconds(30))
            let keys = try await fetcher.fetch(base + "/keys")
            #expect(keys.maxAge == 900)
            #expect(try ProviderKeySet.parse(keys).keys.map(\.kid) == [IDTokenTestIssuer.rsaKid, IDTokenTestIssuer.ecKid])
            #expect(HTTPDocumentFetcher.defaultMaximumBytes == 64 * 1024 && HTTPDocumentFetcher.defaultTimeout == .seconds(5))
            await #expect(throws: (any Error).self) { try await fetcher.fetch(base + "/large") }
            await #expect(throws: HTTPDocumentFetcher.Failure.status(404)) { try await fetcher.fetch(base + "/missing") }
            let impatient = HTTPDocumentFetcher(timeout: .milliseconds(300))
            let started = ContinuousClock.now
            await #expect(throws: (any Error).self) { try await impatient.fetch(base + "/slow") }
            #expect(ContinuousClock.now - started < .seconds(2))
        }
    }

    @Test("an issuer whose keys cannot be had is `unavailable` for the token's check")
    func unreachableOverHTTP() async throws {
        try await Self.withIssuer { base, _ in
            var provider = IDTokenTestIssuer.provider(issuer: base)
            provider.jwksURL = base + "/large"
            let verifier = OIDCTokenVerifier.live(logger: Logger(label: "test.oidc"))
            let token = IDTokenTestIssuer.shared.token(IDTokenTestIssuer.claims(["iss": .string(base)]))
            do throws(AuthError) {
                _ = try await verifier.verify(idToken: token, from: provider, nonce: nil, now: IDTokenTestIssuer.now)
                Issue.record("verified with keys over the size limit")
            } catch {
                #expect(error.kind == .unavailable && !(error.detail ?? "").contains(base))
            }
        }
    }
}
