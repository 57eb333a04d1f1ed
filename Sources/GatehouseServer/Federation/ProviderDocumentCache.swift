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

/// An issuer's documents (signing keys, discovery), kept per URL for as long as the issuer says
/// (`Cache-Control: max-age`, within bounds) so a sign-in rarely waits for the issuer.
///
/// Callers asking for the same URL at once share one fetch. A newer copy is fetched for a token
/// naming a key the held copy lacks, but at most once per `refreshInterval`: anyone can send a
/// token with a made-up key id, and each must not send us to the issuer. When a refetch fails,
/// the expired copy still serves for `staleGrace`: keys outlive their documents' max-age.
actor ProviderDocumentCache<Document: Sendable> {
    typealias Instant = ContinuousClock.Instant

    struct Timing: Sendable {
        /// For an answer without `max-age`.
        var defaultLifetime = 3600
        /// `max-age` is held within these seconds (`no-store` too: a sign-in must not fetch every time).
        var lifetimeBounds = 60...86_400
        var refreshInterval: Duration = .seconds(30)
        var staleGrace: Duration = .seconds(86_400)
    }

    private struct Entry: Sendable {
        var document: Document
        var expiresAt: Instant
    }

    private let fetcher: any ProviderDocumentFetching
    private let parse: @Sendable (FetchedDocument) throws -> Document
    private let timing: Timing
    private let now: @Sendable () -> Instant
    private var entries: [String: Entry] = [:]
    private var inFlight: [String: Task<Entry, any Error>] = [:]
    /// When each URL was last asked of the issuer, answered or not.
    private var lastAttempt: [String: Instant] = [:]

    init(
        fetcher: any ProviderDocumentFetching, timing: Timing = Timing(), now: @escaping @Sendable () -> Instant = { .now },
        parse: @escaping @Sendable (FetchedDocument) throws -> Document
    ) {
        self.fetcher = fetcher
        self.timing = timing
        self.now = now
        self.parse = parse
    }

    /// The held copy while it is fresh; otherwise a fetched one (or, when the fetch fails, the
    /// expired copy within `staleGrace`).
    func document(at url: String) async throws -> Document {
        if let entry = entries[url], now() < entry.expiresAt { return entry.document }
        do {
            return try await fetched(url)
        } catch {
            if let stale = entries[url], now() < stale.expiresAt + timing.staleGrace { return stale.document }
            throw error
        }
    }

    /// A copy newer than the held one, for a token that names a key the held one lacks; nil when
    /// the issuer was asked within `refreshInterval` (the held copy is as new as it gets).
    func refreshed(at url: String) async throws -> Document? {
        if inFlight[url] == nil, let last = lastAttempt[url], now() < last + timing.refreshInterval { return nil }
        return try await fetched(url)
    }

    private func fetched(_ url: String) async throws -> Document {
        if let running = inFlight[url] { return try await running.value.document }
        let task = Task { [fetcher, parse, timing, now] in
            let answer = try await fetcher.fetch(url)
            let document = try parse(answer)
            let seconds = min(
                max(answer.maxAge ?? timing.defaultLifetime, timing.lifetimeBounds.lowerBound), timing.lifetimeBounds.upperBound)
            return Entry(document: document, expiresAt: now() + .seconds(seconds))
        }
        inFlight[url] = task
        lastAttempt[url] = now()
        defer { inFlight[url] = nil }
        let entry = try await task.value
        entries[url] = entry
        return entry.document
    }
}
