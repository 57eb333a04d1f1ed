import Foundation
import Synchronization

/// Per-client token buckets, in memory (one instance). Neither Hummingbird nor its extensions
/// rate-limit, so this small one is ours. A bucket holds up to `burst` requests and refills at
/// `perFiveMinutes / 300` per second, as GoTrue's limiters do.
final class RateLimiter: Sendable {
    struct Limit: Sendable {
        let refillPerSecond: Double
        let burst: Double
        var isEnabled: Bool { refillPerSecond > 0 }

        init(perFiveMinutes: Double, burst: Double) {
            self.refillPerSecond = perFiveMinutes / 300
            self.burst = max(1, burst)
        }
    }

    private struct Bucket {
        var tokens: Double
        var updatedAt: Double
    }

    private let limit: Limit
    /// IPv6 clients share a bucket per prefix of this length: one host gets a whole /64 and
    /// can rotate addresses inside it at will.
    private let ipv6Prefix: Int
    private let buckets = Mutex<[String: Bucket]>([:])
    /// Past this many tracked clients, full buckets (clients that have been quiet) are dropped.
    private let pruneThreshold = 50_000

    init(_ limit: Limit, ipv6Prefix: Int = 64) {
        self.limit = limit
        self.ipv6Prefix = ipv6Prefix
    }

    /// The bucket key of a client address: the address itself, or for IPv6 its prefix.
    func key(of client: String) -> String {
        guard let address = IPAddress(client), !address.isIPv4 else { return client }
        return "\(address.masked(to: ipv6Prefix))/\(ipv6Prefix)"
    }

    /// Takes one request from `key`'s bucket. Returns nil when allowed, or the seconds to wait.
    func consume(_ key: String, now: Double = Date().timeIntervalSince1970) -> Int? {
        guard limit.isEnabled else { return nil }
        return buckets.withLock { buckets in
            var bucket = buckets[key] ?? Bucket(tokens: limit.burst, updatedAt: now)
            bucket.tokens = min(limit.burst, bucket.tokens + max(0, now - bucket.updatedAt) * limit.refillPerSecond)
            bucket.updatedAt = now
            defer {
                buckets[key] = bucket
                if buckets.count > pruneThreshold { prune(&buckets, now: now) }
            }
            if bucket.tokens >= 1 {
                bucket.tokens -= 1
                return nil
            }
            return max(1, Int(((1 - bucket.tokens) / limit.refillPerSecond).rounded(.up)))
        }
    }

    private func prune(_ buckets: inout [String: Bucket], now: Double) {
        buckets = buckets.filter { _, bucket in
            bucket.tokens + (now - bucket.updatedAt) * limit.refillPerSecond < limit.burst
        }
    }
}

/// The limiters of the GoTrue API, one per group of endpoints.
struct RateLimits: Sendable {
    let token: RateLimiter
    let otp: RateLimiter
    let verify: RateLimiter
    /// `POST /passkeys/authentication/options`: its rate is also its burst, as GoTrue's.
    let passkey: RateLimiter

    init(_ configuration: ServerConfiguration.RateLimitConfiguration) {
        let prefix = configuration.ipv6Prefix
        token = RateLimiter(.init(perFiveMinutes: configuration.tokenPerFiveMinutes, burst: configuration.burst), ipv6Prefix: prefix)
        otp = RateLimiter(.init(perFiveMinutes: configuration.otpPerFiveMinutes, burst: configuration.burst), ipv6Prefix: prefix)
        verify = RateLimiter(.init(perFiveMinutes: configuration.verifyPerFiveMinutes, burst: configuration.burst), ipv6Prefix: prefix)
        passkey = RateLimiter(
            .init(perFiveMinutes: configuration.passkeyPerFiveMinutes, burst: configuration.passkeyPerFiveMinutes), ipv6Prefix: prefix)
    }
}

extension RateLimiter {
    /// Throws GoTrue's 429 when `client` is over this limit.
    func check(_ client: String) throws(AuthError) {
        if let wait = consume(key(of: client)) {
            throw AuthError(.overRequestRateLimit, status: .tooManyRequests, "Request rate limit reached", retryAfter: wait)
        }
    }
}
