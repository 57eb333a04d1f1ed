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

/// Why a stored hash string was refused at import. Each message names the format and the rule
/// the string broke, never the string itself: import summaries and logs must not carry hashes.
enum ImportedHashError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Not a format Gatehouse can verify.
    case unknownFormat
    /// The format is known, but the string does not follow it.
    case malformed(format: String, reason: String)
    /// A cost parameter beyond what one sign-in may spend (`ImportedHashLimits`).
    case costTooHigh(format: String, parameter: String, limit: Int)
    /// A well-formed hash of a variant Gatehouse does not verify.
    case unsupported(format: String, reason: String)

    var description: String {
        switch self {
        case .unknownFormat:
            "unknown password hash format (accepted: bcrypt $2a$/$2b$/$2y$, $fbscrypt$, $scrypt$, "
                + "$argon2i$/$argon2id$, Django pbkdf2_sha256$, argon2$, bcrypt_sha256$ and bcrypt$, "
                + "$pbkdf2-sha256$/$pbkdf2-sha1$, $hmac-sha256$/$hmac-sha512$/$hmac-sha1$/$hmac-md5$)"
        case .malformed(let format, let reason):
            "malformed \(format) hash: \(reason)"
        case .costTooHigh(let format, let parameter, let limit):
            "\(format) hash refused: \(parameter) is above the limit of \(limit) that keeps sign-in bounded"
        case .unsupported(let format, let reason):
            "unsupported \(format) hash: \(reason)"
        }
    }
}
