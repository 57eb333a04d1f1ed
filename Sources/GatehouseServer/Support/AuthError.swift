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
import HTTPTypes

/// Every failure a client is told about: a GoTrue error code, an HTTP status and a message.
/// Services throw it; the HTTP layer alone turns it into JSON (in the shape the request asked for).
struct AuthError: Error, Sendable, Equatable {
    var code: AuthErrorCode
    var status: HTTPResponse.Status
    var message: String
    /// For `weak_password`: GoTrue's reasons (`length`, ...).
    var weakPasswordReasons: [String]?
    /// For 429s: seconds until a retry can succeed, sent as `Retry-After`.
    var retryAfter: Int?

    init(
        _ code: AuthErrorCode, status: HTTPResponse.Status, _ message: String, weakPasswordReasons: [String]? = nil, retryAfter: Int? = nil
    ) {
        self.code = code
        self.status = status
        self.message = message
        self.weakPasswordReasons = weakPasswordReasons
        self.retryAfter = retryAfter
    }

    static func validation(_ message: String) -> AuthError {
        AuthError(.validationFailed, status: .badRequest, message)
    }

    static let invalidCredentials = AuthError(.invalidCredentials, status: .badRequest, "Invalid login credentials")
    static let noAuthorization = AuthError(.noAuthorization, status: .unauthorized, "This endpoint requires a valid Bearer token")

    static func weakPassword(_ check: PasswordCheck) -> AuthError {
        if case .tooShort(let minimum) = check {
            return AuthError(
                .weakPassword, status: .unprocessableContent, "Password should be at least \(minimum) characters.",
                weakPasswordReasons: check.weakPasswordReasons)
        }
        if check == .tooCommon {
            return AuthError(
                .weakPassword, status: .unprocessableContent, PasswordCheck.tooCommonMessage, weakPasswordReasons: check.weakPasswordReasons
            )
        }
        return AuthError(.weakPassword, status: .unprocessableContent, "Password does not meet the requirements.", weakPasswordReasons: [])
    }

    /// Applies the password policy: missing or over 72 bytes is a 400, too short a 422 weak_password.
    static func checkPassword(_ password: String?, policy: PasswordPolicy) throws(AuthError) -> String {
        guard let password, !password.isEmpty else { throw .validation("Password is required") }
        if PasswordPolicy.containsNUL(password) {
            throw AuthError(.validationFailed, status: .unprocessableContent, "Password cannot contain a NUL character")
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
