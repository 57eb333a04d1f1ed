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

/// Per-client token buckets. Neither Hummingbird nor its extensions rate-limit, so this small one
/// is ours. A bucket holds up to `burst` requests and refills at `perFiveMinutes / 300` per second,
/// as GoTrue's limiters do. Where the buckets live is the store's choice (`Store.rateLimitBuckets`):
/// in memory for SQLite (one instance by design), in the database for PostgreSQL, so that several
/// instances behind one load balancer share one budget per client (a limit of N is N in total).
final class RateLimiter: Sendable {
    struct Limit: Sendable {
        let refillPerSecond: Double
        let burst: Double
        var isEnabled: Bool { refillPerSecond > 0 }

        init(perFiveMinutes: Double, burst: Double) {
            self.refillPerSecond = perFiveMinutes / 300
            self.burst = max(1, burst)
        }

        /// Seconds until a bucket holding `tokens` has one whole request again (at least 1).
        func secondsUntilNext(from tokens: Double) -> Int {
            max(1, Int(((1 - tokens) / refillPerSecond).rounded(.up)))
        }
    }

    /// The bucket group's name (`token`, `otp`, `verify`): the database keys rows by it.
    let name: String
    let limit: Limit
    /// IPv6 clients share a bucket per prefix of this length: one host gets a whole /64 and
    /// can rotate addresses inside it at will.
    private let ipv6Prefix: Int
    private let buckets: any RateLimitBuckets

    init(_ name: String, _ limit: Limit, ipv6Prefix: Int = 64, buckets: any RateLimitBuckets = MemoryRateLimitBuckets()) {
        self.name = name
        self.limit = limit
        self.ipv6Prefix = ipv6Prefix
        self.buckets = buckets
    }

    /// A limiter with its buckets in memory (no name needed: nothing else shares them).
    convenience init(_ limit: Limit, ipv6Prefix: Int = 64) {
        self.init("requests", limit, ipv6Prefix: ipv6Prefix)
    }

    /// The bucket key of a client address: the address itself, or for IPv6 its prefix.
    func key(of client: String) -> String {
        guard let address = IPAddress(client), !address.isIPv4 else { return client }
        return "\(address.masked(to: ipv6Prefix))/\(ipv6Prefix)"
    }

    /// Takes one request from `key`'s bucket. Returns nil when allowed, or the seconds to wait.
    func consume(_ key: String, now: Double = Date().timeIntervalSince1970) async throws(AuthError) -> Int? {
        guard limit.isEnabled else { return nil }
        return try await buckets.take(from: key, in: name, limit: limit, now: now)
    }
}

/// A limiter's budget, as the bucket stores (`RateLimitBuckets`) see it.
typealias RequestLimit = RateLimiter.Limit

/// The limiters of the GoTrue API, one per group of endpoints.
struct RateLimits: Sendable {
    let token: RateLimiter
    let otp: RateLimiter
    let verify: RateLimiter
    /// `POST /passkeys/authentication/options`: its rate is also its burst, as GoTrue's.
    let passkey: RateLimiter

    init(_ configuration: ServerConfiguration.RateLimitConfiguration, store: Store? = nil) {
        let prefix = configuration.ipv6Prefix
        func buckets() -> any RateLimitBuckets { store?.rateLimitBuckets() ?? MemoryRateLimitBuckets() }
        func limiter(_ name: String, _ perFiveMinutes: Double, burst: Double? = nil) -> RateLimiter {
            RateLimiter(
                name, .init(perFiveMinutes: perFiveMinutes, burst: burst ?? configuration.burst), ipv6Prefix: prefix, buckets: buckets())
        }
        token = limiter("token", configuration.tokenPerFiveMinutes)
        otp = limiter("otp", configuration.otpPerFiveMinutes)
        verify = limiter("verify", configuration.verifyPerFiveMinutes)
        // GoTrue's passkey limiter: a burst of the whole five minutes' budget.
        passkey = limiter("passkey", configuration.passkeyPerFiveMinutes, burst: configuration.passkeyPerFiveMinutes)
    }
}

extension RateLimiter {
    /// Throws GoTrue's 429 when `client` is over this limit.
    func check(_ client: String) async throws(AuthError) {
        if let wait = try await consume(key(of: client)) {
            throw AuthError(.overRequestRateLimit, kind: .rateLimited, retryAfter: wait)
        }
    }
}
