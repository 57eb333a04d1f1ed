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

import HummingbirdBcrypt
import NIOCore
import NIOPosix

/// bcrypt, run on a thread pool of its own so a hash never blocks an event loop and at most one
/// hash per core runs at once (more would only queue inside the kernel and raise latency).
///
/// Unknown accounts still pay one verify against `decoyHash`, so sign-in time does not reveal
/// whether an address is registered (GoTrue returns early there; supabase/auth PR #2223).
final class PasswordHasher: Sendable {
    let cost: UInt8
    private let pool: NIOThreadPool
    private let decoyHash: String
    /// Told how long each hash or verify took on the pool (the metrics' bcrypt histogram).
    private let timing: (@Sendable (Duration) -> Void)?

    init(cost: Int, threads: Int = System.coreCount, timing: (@Sendable (Duration) -> Void)? = nil) {
        self.cost = UInt8(clamping: min(max(cost, 4), 31))
        self.timing = timing
        self.pool = NIOThreadPool(numberOfThreads: max(1, threads))
        self.pool.start()
        // Hashed once at start-up with the same cost, so the decoy takes as long as a real verify.
        self.decoyHash = Bcrypt.hash("gatehouse timing decoy", cost: self.cost)
    }

    func hash(_ password: String) async throws -> String {
        Self.hashObserver?()
        let cost = self.cost
        return try await pool.runIfActive { [timing] in Self.timed(timing) { Bcrypt.hash(password, cost: cost) } }
    }

    /// Whether `password` matches the stored `hash`: bcrypt, or a hash imported from another
    /// system (`ImportedPasswordHash`: Firebase's scrypt, argon2, Django …), verified on the same
    /// pool. No hash (an unknown account) costs one verify against the decoy and matches nothing.
    func verify(_ password: String, against hash: String?) async throws -> Bool {
        let hash = hash ?? decoyHash
        if !Self.isBcrypt(hash) {
            return try await pool.runIfActive { [timing] in
                Self.timed(timing) { ImportedPasswordVerifier.verify(password, againstEncoded: hash) }
            }
        }
        let matches = try await pool.runIfActive { [timing] in Self.timed(timing) { Bcrypt.verify(password, hash: hash) } }
        return matches && hash != decoyHash
    }

    /// Whether a stored hash is this hasher's own kind (bcrypt, whatever its cost); any other was
    /// imported, and is replaced by a bcrypt hash once its password is known.
    static func isBcrypt(_ hash: String) -> Bool {
        BcryptImportedHash.recognises(Substring(hash))
    }

    /// One verify's duration, for the benchmark's bound (measured with this same implementation).
    func measureVerify(iterations: Int) async throws -> [Double] {
        let hash = decoyHash
        return try await pool.runIfActive {
            (0..<max(1, iterations)).map { _ in
                let start = ContinuousClock.now
                _ = Bcrypt.verify("wrong password", hash: hash)
                let elapsed = ContinuousClock.now - start
                return Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
            }
        }
    }

    private static func timed<T>(_ timing: (@Sendable (Duration) -> Void)?, _ work: () -> T) -> T {
        guard let timing else { return work() }
        let start = ContinuousClock.now
        let result = work()
        timing(ContinuousClock.now - start)
        return result
    }

    func shutdown() async {
        try? await pool.shutdownGracefully()
    }
}

extension PasswordHasher {
    /// Called once per password hash computed in the current task (and its children). A test
    /// seam: it lets a test count the bcrypt work one request causes, without a global counter
    /// that parallel tests would share. Nil (nothing called) outside tests.
    @TaskLocal static var hashObserver: (@Sendable () -> Void)?
}

/// Wraps a password-hasher call (it fails only if its thread pool is shutting down).
func hashing<T: Sendable>(_ body: () async throws -> T) async throws(AuthError) -> T {
    do {
        return try await body()
    } catch {
        throw AuthError(.unexpectedFailure, kind: .unavailable, "Server is shutting down")
    }
}
