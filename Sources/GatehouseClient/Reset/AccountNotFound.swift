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

/// Recognizes a reset backend's "this address has no account" answer.
///
/// Spec 000 documents GoTrue answering `user_not_found`, and older Edge Functions and REST APIs
/// said the same in their own words. Shown as an error, that answer tells anyone which addresses
/// are registered, so every `PasswordResetService` reads it as a sent link: the person sees the
/// same "if an account exists…" state for every well-formed address. Only client errors (4xx,
/// or a 2xx that says it failed) count; a 5xx is a server failure whatever its words, and a
/// route that does not exist (`not_found` with no mention of an account) stays an error, so a
/// misconfigured URL is not hidden behind a success.
enum AccountNotFound {
    /// Error codes that mean "no such account".
    static let codes: Set<String> = [
        "user_not_found", "email_not_found", "account_not_found", "no_such_user", "unknown_user", "unknown_email",
    ]

    /// Whether an error the SDK mapped (GoTrue's `/recover`) is a not-found answer.
    static func matches(_ error: AuthClientError) -> Bool {
        guard let error = error.apiError, (400..<500).contains(error.status), !error.isRateLimit else { return false }
        return codes.contains(error.code.rawValue) || saysNoAccount(error.code.rawValue) || saysNoAccount(error.message)
    }

    /// Whether a reset backend's answer (a 4xx, or a 2xx with `success: false`) is a not-found answer.
    static func matches(status: Int, body: Data) -> Bool {
        guard (200..<500).contains(status), status != 429 else { return false }
        guard let object = (try? JSONDecoder().decode(JSONValue.self, from: body))?.objectValue else { return false }
        return texts(in: object).contains { codes.contains($0) || saysNoAccount($0) }
    }

    /// Whether a backend's own words (`error`, `message`) say the address has no account: they
    /// name an account ("user", "email"…) and its absence ("not found", "does not exist"…).
    static func saysNoAccount(_ text: String?) -> Bool {
        guard let text = text?.lowercased().replacingOccurrences(of: "_", with: " ") else { return false }
        let subjects = ["user", "email", "account", "address"]
        let absences = ["not found", "not exist", "doesn't exist", "not registered", "no user", "no account", "no such"]
        return subjects.contains(where: text.contains) && absences.contains(where: text.contains)
    }

    /// The string fields an error body may carry, at the top level and in a `data` envelope.
    private static func texts(in object: [String: JSONValue]) -> [String] {
        let keys = ["error", "error_code", "code", "msg", "message", "error_description"]
        var texts = keys.compactMap { object[$0]?.stringValue }
        if let inner = object["data"]?.objectValue { texts += keys.compactMap { inner[$0]?.stringValue } }
        return texts
    }
}
