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

/// What every imported format provides: its canonical string (what Gatehouse stores, and what
/// `ImportedPasswordHash(parsing:)` reads back to an equal value) and the password check.
///
/// `matches` is synchronous and CPU-bound (tens of milliseconds to about a second at the
/// limits): run it where bcrypt runs, on the password hasher's thread pool, never on an event
/// loop. It does the format's whole derivation for every password, right or wrong, and compares
/// the digests in constant time, so its duration depends on the stored hash only.
protocol ImportedHashFormat: Sendable, Equatable {
    var encoded: String { get }
    func matches(_ password: String) -> Bool
}

extension ImportedHashFormat {
    /// The password's UTF-8 bytes, what every format hashes, and whether it is beyond
    /// `ImportedHashLimits.passwordBytes` (then an empty password is hashed in its place, and
    /// the caller answers no whatever the digest).
    static func candidateBytes(_ password: String) -> (bytes: [UInt8], tooLong: Bool) {
        let bytes = Array(password.utf8)
        return bytes.count > ImportedHashLimits.passwordBytes ? ([], true) : (bytes, false)
    }
}
