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

/// `POST /verify` with `type=email_change` accepted the first of the two links of a secure email
/// change: no session yet, the other address must confirm too (GoTrue answers
/// `{"msg": "Confirmation link accepted. Please proceed to confirm link sent to the other email",
/// "code": "200"}`). Thrown by the session-returning `verifyOTP`; `verifyEmailChange` returns it
/// as a value instead.
public struct EmailChangePending: Error, Sendable, Equatable {
    /// The server's words (for developers; the app says it in its own).
    public let message: String

    public init(message: String) {
        self.message = message
    }
}

/// What redeeming an email-change code or link gave.
public enum EmailChangeVerification: Sendable, Equatable {
    /// One side confirmed; the other address's link or code is still needed.
    case pending(EmailChangePending)
    /// Both sides confirmed (or only one was needed): the session GoTrue issued.
    case completed(Session)
}

/// GoTrue's first-confirmation body: `msg`, and `code` as a string.
struct EmailChangePendingAnswer: Decodable {
    let msg: String
}
