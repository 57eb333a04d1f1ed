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

/// "Send me a reset link", whichever backend answers it: GoTrue's `/recover`, the Edge Function
/// of spec 003, or the REST API of spec 004. The forgot-password page talks only to this.
public protocol PasswordResetService: Sendable {
    func requestPasswordReset(for email: EmailAddress) async throws -> PasswordResetReceipt
}

/// What a backend said about a reset request. Every field is optional: GoTrue says nothing at
/// all, and none of them may tell whether the address has an account. A "no such account"
/// answer comes back as an empty receipt (never as an error, never with the backend's words), so
/// show the same success state for every receipt.
public struct PasswordResetReceipt: Sendable, Equatable {
    public var message: String?
    /// Spec 004's `reset_method`, e.g. `email_link`.
    public var resetMethod: String?
    /// Spec 004's `reset_link_sent`.
    public var linkSent: Bool?
    /// Spec 004's `link_expires_in`: the server's configured link lifetime, in seconds.
    public var linkExpiresIn: Int?

    public init(message: String? = nil, resetMethod: String? = nil, linkSent: Bool? = nil, linkExpiresIn: Int? = nil) {
        self.message = message
        self.resetMethod = resetMethod
        self.linkSent = linkSent
        self.linkExpiresIn = linkExpiresIn
    }
}

/// GoTrue's `POST /recover` through an auth client (Gatehouse or Supabase).
public struct GoTrueResetService: PasswordResetService {
    private let client: any AuthClientProtocol
    private let redirectTo: URL?

    public init(client: any AuthClientProtocol, redirectTo: URL? = nil) {
        self.client = client
        self.redirectTo = redirectTo
    }

    public func requestPasswordReset(for email: EmailAddress) async throws -> PasswordResetReceipt {
        do {
            try await client.resetPasswordForEmail(email.normalized, redirectTo: redirectTo)
        } catch let error as AuthClientError where AccountNotFound.matches(error) {
            // Spec 000's `user_not_found` reads as sent: the page never tells which addresses
            // are registered.
        }
        // `/recover` answers `{}`: the link's lifetime comes from the server's settings.
        return PasswordResetReceipt(linkExpiresIn: await client.emailLinkLifetime())
    }
}
