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

/// Every failure a client is told about: its code (one vocabulary, `AuthErrorCode`), what kind of
/// failure it is, and a detail where the code does not say it all. Services throw it and know no
/// protocol and no wire wording; each adapter renders it in its own terms from the code and the
/// kind (the HTTP status: `AuthError+HTTPStatus.swift`; GoTrue's sentences: `AuthErrorWording`;
/// Firebase: `FirebaseErrorMapping`; the pages: their texts).
struct AuthError: Error, Sendable, Equatable {
    /// What went wrong, as a caller must react to it. GoTrue answers the same code with
    /// different statuses on different routes (`user_banned` is 400 on `/token`, 403 on a bearer
    /// route), which is why the kind travels with the code.
    enum Kind: Sendable, Equatable {
        /// The request itself is wrong: a missing or malformed field, an unusable token.
        case invalidRequest
        /// No credentials, or none that prove who is asking.
        case unauthenticated
        /// Who is asking may not do this, or the account's state forbids it.
        case forbidden
        /// What the request names is not there.
        case notFound
        /// The method is not served here.
        case unsupportedMethod
        /// The request collides with the current state (a concurrent change).
        case conflict
        /// The body is larger than accepted.
        case tooLarge
        /// Well-formed, but refused by a rule (a weak password, a taken address, a disabled feature).
        case refused
        /// Too many requests: come back later (`retryAfter`).
        case rateLimited
        /// The server failed; nothing the caller did.
        case internalFailure
        /// A dependency is unavailable for now (the database, the mail relay).
        case unavailable

        /// Whether the failure is the server's, not the request's.
        var isServerFailure: Bool { self == .internalFailure || self == .unavailable }
    }

    var code: AuthErrorCode
    var kind: Kind
    /// What in particular failed, where the code alone does not say: which field, which limit,
    /// which provider. Plain words for the developer reading the answer or the log; `nil` when
    /// the code says it all, and each adapter words the code itself.
    var detail: String?
    /// For `weak_password`: GoTrue's reasons (`length`, ...).
    var weakPasswordReasons: [String]?
    /// For 429s: seconds until a retry can succeed, sent as `Retry-After`.
    var retryAfter: Int?
    /// For `weak_password`: which rule the password broke, for adapters that word it themselves.
    var passwordCheck: PasswordCheck?

    init(_ code: AuthErrorCode, kind: Kind, _ detail: String? = nil, weakPasswordReasons: [String]? = nil, retryAfter: Int? = nil) {
        self.code = code
        self.kind = kind
        self.detail = detail
        self.weakPasswordReasons = weakPasswordReasons
        self.retryAfter = retryAfter
    }

    static func validation(_ detail: String) -> AuthError {
        AuthError(.validationFailed, kind: .invalidRequest, detail)
    }

    static let invalidCredentials = AuthError(.invalidCredentials, kind: .invalidRequest)
    static let noAuthorization = AuthError(.noAuthorization, kind: .unauthenticated)

    /// GoTrue's reasons travel with the error (`weak_password.reasons`); the words come from the
    /// rule the password broke, in each adapter.
    static func weakPassword(_ check: PasswordCheck) -> AuthError {
        var error = AuthError(.weakPassword, kind: .refused, weakPasswordReasons: check.weakPasswordReasons)
        error.passwordCheck = check
        return error
    }

    /// Applies the password policy: missing or over 72 bytes is a 400, too short a 422 weak_password.
    static func checkPassword(_ password: String?, policy: PasswordPolicy) throws(AuthError) -> String {
        guard let password, !password.isEmpty else { throw .validation("Password is required") }
        if PasswordPolicy.containsNUL(password) {
            throw AuthError(.validationFailed, kind: .refused, "Password cannot contain a NUL character")
        }
        switch policy.check(password) {
        case .acceptable: return password
        case .missing: throw .validation("Password is required")
        case .tooLong: throw .validation("Password cannot be longer than \(PasswordPolicy.maximumBytes) bytes")
        case .tooShort(let minimum): throw .weakPassword(.tooShort(minimumLength: minimum))
        case .tooCommon: throw .weakPassword(.tooCommon)
        }
    }

    /// Validates an address as the specs do, with GoTrue's error texts.
    static func checkEmail(_ raw: String?, missingMessage: String = "An email address is required") throws(AuthError) -> EmailAddress {
        guard let raw else { throw .validation(missingMessage) }
        do {
            return try EmailAddress(validating: raw)
        } catch .missing {
            throw .validation(missingMessage)
        } catch .tooLong {
            throw .validation("An email address is too long")
        } catch {
            throw .validation("Unable to validate email address: invalid format")
        }
    }
}
