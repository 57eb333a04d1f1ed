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

/// Checks a password against an imported hash: the call sign-in makes for an account whose
/// stored hash came from another system. Synchronous and CPU-bound, like bcrypt: run it on the
/// password hasher's thread pool. Every path does the format's full work and ends in a
/// constant-time comparison, so a wrong password takes as long as the right one.
enum ImportedPasswordVerifier {
    static func verify(_ password: String, against hash: ImportedPasswordHash) -> Bool {
        hash.format.matches(password)
    }

    /// The same for a stored string; one that does not parse (it should never have been stored)
    /// matches no password.
    static func verify(_ password: String, againstEncoded stored: String) -> Bool {
        guard let hash = try? ImportedPasswordHash(parsing: stored) else { return false }
        return verify(password, against: hash)
    }
}
