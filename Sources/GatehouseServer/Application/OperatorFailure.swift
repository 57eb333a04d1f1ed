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

import GatehouseCore

/// Why an operator command did not do what it was asked, sorted by what the operator can do
/// about it: the command line turns each kind into its own exit code.
public struct OperatorFailure: Error, Sendable, CustomStringConvertible {
    public enum Kind: Sendable {
        /// The request itself is malformed (a bad option value, neither id nor address).
        case usage
        /// No user (or file) matches what was named.
        case notFound
        /// A rule refused it: the password policy, a taken address, a bad ban duration, a
        /// server holding the data folder, a file that is not a Gatehouse database.
        case refused
        /// Not possible on this store (a backup of PostgreSQL: `pg_dump` does that).
        case unsupported
        /// Anything else: the database failed, a file could not be written.
        case failed
    }

    public let kind: Kind
    public let message: String

    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    /// A service's answer in the operator's terms: 404 → not found, 5xx → failed, any other
    /// refusal (validation, weak password, address taken) → refused, with the service's message.
    init(_ error: AuthError) {
        let kind: Kind =
            if error.code == .userNotFound { .notFound } else if error.status.code >= 500 { .failed } else { .refused }
        self.init(kind, AuthErrorWording.text(for: error))
    }

    public var description: String { message }

    /// Runs a service call, turning its `AuthError` into an `OperatorFailure`.
    static func mapping<T>(_ body: () async throws(AuthError) -> T) async throws(OperatorFailure) -> T {
        do {
            return try await body()
        } catch {
            throw OperatorFailure(error)
        }
    }
}
