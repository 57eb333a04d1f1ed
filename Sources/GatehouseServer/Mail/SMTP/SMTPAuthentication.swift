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

/// The SASL mechanisms this client speaks, and how it picks one (RFC 4954, RFC 4616).
enum SMTPAuthenticationMechanism: String, Sendable, Equatable {
    case plain = "PLAIN"
    case login = "LOGIN"

    /// PLAIN when offered (one round trip), else LOGIN; `nil` when neither is.
    static func preferred(from offered: Set<String>) -> SMTPAuthenticationMechanism? {
        if offered.contains(Self.plain.rawValue) { return .plain }
        if offered.contains(Self.login.rawValue) { return .login }
        return nil
    }

    /// The AUTH PLAIN initial response: base64 of `NUL username NUL password`.
    static func plainResponse(username: String, password: String) -> String {
        Data(("\0" + username + "\0" + password).utf8).base64EncodedString()
    }

    /// One AUTH LOGIN answer (the username, then the password), base64-encoded.
    static func loginResponse(_ value: String) -> String {
        Data(value.utf8).base64EncodedString()
    }
}
