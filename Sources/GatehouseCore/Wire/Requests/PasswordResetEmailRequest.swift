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

/// `{email}`: the body of the reset backends' routes, the Edge Function's
/// `POST /functions/v1/send-reset-email` (spec 003) and the REST API's
/// `POST /request_password_reset/` and legacy `/reset_password/` (spec 004).
public struct PasswordResetEmailRequest: Codable, Sendable, Equatable {
    public var email: String?

    public init(email: String? = nil) {
        self.email = email
    }
}
