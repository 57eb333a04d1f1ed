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

/// The keys' and discovery documents' cache: how long a copy serves, when the issuer is asked
/// again, and that callers at once share one fetch. No network: the documents are fakes, the
/// clock is moved by hand.
@Suite("JWKS cache")
struct JWKSCacheTests {
    static let url = "https://issuer.test/keys"

    static func cache(_ documents: FakeProviderDocuments, _ clock: ManualInstant) -> ProviderDocumentCache<String> {
        ProviderDocumentCache(fetcher: documents, now: clock.now) { String(decoding: $0.body, as: UTF8.self) }
    }

    @Test("a copy serves until its max-age, then the issuer is asked again")
    func maxAge() async throws {
        let documents = FakeProviderDocuments()
        documents.set(Self.url, Data("first".utf8), maxAge: 600)
        let clock = ManualInstant()
        let cache = Self.cache(documents, clock)
        #expect(try await cache.document(at: Self.url) == "first")
        documents.set(Self.url, Data("second".utf8), maxAge: 600)
        clock.advance(.seconds(599))
        #expect(try await cache.document(at: Self.url) == "first")
        #expect(documents.fetches(Self.url) == 1)
        clock.advance(.seconds(2))
        #expect(try await cache.document(at: Self.url) == "second")
        #expect(documents.fetches(Self.url) == 2)
    }

    @Test(
        "max-age is held within a minute and a day; without one a copy serves an hour",
        arguments: [
            (Int?.some(0), 60), (5, 60), (10_000_000, 86_400), (nil, 3600),
        ])
    func lifetimeBounds(maxAge: Int?, lifetime: Int) async throws {
        let documents = FakeProviderDocuments()
        documents.set(Self.url, Data("keys".utf8), maxAge: maxAge)
        let clock = ManualInstant()
        let cache = Self.cache(documents, clock)
        _ = try await cache.document(at: Self.url)
        clock.advance(.seconds(lifetime - 1))
        _ = try await cache.document(at: Self.url)
        #expect(documents.fetches(Self.url) == 1)
        clock.advance(.seconds(2))
        _ = try await cache.document(at: Self.url)
        #expect(documents.fetches(Self.url) == 2)
    }

    @Test("callers asking at once share one fetch")
    func sharedFetch() async throws {
        let documents = FakeProviderDocuments()
        documents.set(Self.url, Data("keys".utf8))
        documents.delay = .milliseconds(200)
        let cache = Self.cache(documents, ManualInstant())
        let answers = try await withThrowingTaskGroup(of: String.self) { group in
            for _ in 0..<20 { group.addTask { try await cache.document(at: Self.url) } }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(answers.count == 20 && answers.allSatisfy { $0 == "keys" })
        #expect(documents.fetches(Self.url) == 1)
        // A refresh asked for while a fetch runs shares it too.
        let clock = ManualInstant()
        let other = Self.cache(documents, clock)
        async let first = other.document(at: Self.url)
        try await Task.sleep(for: .milliseconds(50))
        let refreshed = try await other.refreshed(at: Self.url)
        #expect(try await first == "keys" && refreshed == "keys")
        #expect(documents.fetches(Self.url) == 2)
    }

    @Test("a refresh asks the issuer at most once per 30 seconds")
    func refreshInterval() async throws {
        let documents = FakeProviderDocuments()
        documents.set(Self.url, Data("keys".utf8), maxAge: 3600)
        let clock = ManualInstant()
        let cache = Self.cache(documents, clock)
        _ = try await cache.document(at: Self.url)
        #expect(try await cache.refreshed(at: Self.url) == nil, "fetched just now")
        clock.advance(.seconds(29))
        #expect(try await cache.refreshed(at: Self.url) == nil)
        #expect(documents.fetches(Self.url) == 1)
        clock.advance(.seconds(2))
        documents.set(Self.url, Data("rotated".utf8), maxAge: 3600)
        #expect(try await cache.refreshed(at: Self.url) == "rotated")
        #expect(try await cache.refreshed(at: Self.url) == nil)
        #expect(try await cache.document(at: Self.url) == "rotated")
        #expect(documents.fetches(Self.url) == 2)
        // A failed attempt counts too: an issuer that is down is not asked for every token.
        clock.advance(.seconds(31))
        documents.set(Self.url, nil)
        await #expect(throws: FakeProviderDocuments.Unreachable.self) { try await cache.refreshed(at: Self.url) }
        #expect(try await cache.refreshed(at: Self.url) == nil)
        #expect(documents.fetches(Self.url) == 3)
    }

    @Test("when the issuer fails, an expired copy serves for a day more, then the failure shows")
    func staleCopy() async throws {
        let documents = FakeProviderDocuments()
        documents.set(Self.url, Data("keys".utf8), maxAge: 600)
        let clock = ManualInstant()
        let cache = Self.cache(documents, clock)
        _ = try await cache.document(at: Self.url)
        documents.set(Self.url, nil)
        clock.advance(.seconds(601))
        #expect(try await cache.document(at: Self.url) == "keys")
        clock.advance(.seconds(86_400))
        await #expect(throws: FakeProviderDocuments.Unreachable.self) { try await cache.document(at: Self.url) }
        // Nothing held at all: the failure shows at once.
        await #expect(throws: FakeProviderDocuments.Unreachable.self) { try await cache.document(at: "https://other.test/keys") }
    }

    @Test("a document that does not parse is a failed fetch, and is not kept")
    func unparsable() async throws {
        let documents = FakeProviderDocuments()
        documents.set(Self.url, Data("{}".utf8))
        let cache = ProviderDocumentCache(fetcher: documents, now: ManualInstant().now, parse: ProviderKeySet.parse)
        await #expect(throws: ProviderKeySet.Malformed.self) { try await cache.document(at: Self.url) }
        documents.set(Self.url, IDTokenTestIssuer.shared.jwks())
        #expect(try await cache.document(at: Self.url).keys.count == 2)
    }

    @Test("a JWKS's keys jwt-kit cannot read are skipped, the others kept")
    func tolerantKeySet() throws {
        let issuer = IDTokenTestIssuer.shared
        let odd: [String: JSONValue] = ["kty": .string("RSA"), "kid": .string("enc"), "alg": .string("RSA-OAEP-256"), "n": .string("AQAB")]
        let unknownType: [String: JSONValue] = ["kty": .string("oct"), "kid": .string("sym"), "k": .string("c2VjcmV0")]
        let set = try ProviderKeySet.parse(FetchedDocument(body: issuer.jwks([odd, unknownType, issuer.ecJWK, .init()]), maxAge: nil))
        #expect(set.keys.map(\.kid) == [IDTokenTestIssuer.ecKid])
    }

    @Test("Cache-Control: max-age is read; no-store and no-cache read as 0")
    func cacheControl() {
        #expect(HTTPDocumentFetcher.maxAge("public, max-age=21010, must-revalidate, no-transform") == 21010)
        #expect(HTTPDocumentFetcher.maxAge("max-age=\"60\"") == 60)
        #expect(HTTPDocumentFetcher.maxAge("no-store") == 0 && HTTPDocumentFetcher.maxAge("max-age=600, no-cache") == 0)
        #expect(HTTPDocumentFetcher.maxAge("public") == nil && HTTPDocumentFetcher.maxAge("max-age=soon") == nil)
    }
}
