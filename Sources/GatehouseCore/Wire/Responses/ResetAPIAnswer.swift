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

/// Spec 004's REST reset API answers, as Gatehouse sends them: `{success, data, error, message}`
/// around the new shape (`POST /api/request_password_reset/`) or the legacy one
/// (`POST /api/reset_password/`). The SDK's `ForgotPasswordResponse` reads both (and other
/// backends' variants) leniently.
public struct ResetAPIEnvelope<Payload: Codable & Sendable & Equatable>: Codable, Sendable, Equatable {
    public var success: Bool
    public var data: Payload?
    /// The error code, on failure.
    public var error: String?
    /// The error text, on failure.
    public var message: String?

    public init(success: Bool, data: Payload? = nil, error: String? = nil, message: String? = nil) {
        self.success = success
        self.data = data
        self.error = error
        self.message = message
    }
}

/// The new shape's `data`: a reset link was sent, and how long it works.
public struct ResetAPIData: Codable, Sendable, Equatable {
    public var success: Bool
    public var message: String
    public var resetMethod: String
    public var resetLinkSent: Bool
    public var linkExpiresIn: Int?

    public init(success: Bool = true, message: String, resetMethod: String = "email_link", resetLinkSent: Bool = true, linkExpiresIn: Int?)
    {
        self.success = success
        self.message = message
        self.resetMethod = resetMethod
        self.resetLinkSent = resetLinkSent
        self.linkExpiresIn = linkExpiresIn
    }

    enum CodingKeys: String, CodingKey {
        case success, message
        case resetMethod = "reset_method"
        case resetLinkSent = "reset_link_sent"
        case linkExpiresIn = "link_expires_in"
    }
}

/// The legacy shape's `data`. Gatehouse's `user_exist_status` is true for every address, so it
/// tells nobody whether an account exists.
public struct LegacyResetAPIData: Codable, Sendable, Equatable {
    public var userExistStatus: Bool
    public var message: String

    public init(userExistStatus: Bool = true, message: String) {
        self.userExistStatus = userExistStatus
        self.message = message
    }

    enum CodingKeys: String, CodingKey {
        case message
        case userExistStatus = "user_exist_status"
    }
}
