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
import Hummingbird

/// The REST API of spec 004: both routes email a reset link for `{email}`.
///
/// `POST /api/request_password_reset/` (the current route) answers
/// `{success, data: {success, message, reset_method, reset_link_sent, link_expires_in}}`.
/// `POST /api/reset_password/` (the legacy route) answers the old `{user_exist_status, message}`
/// shape but does the same secure thing (a link, never a new password by email), and its
/// `user_exist_status` is the same for every address, so it tells nobody whether an account exists.
struct PasswordResetRequestEndpoint {
    let service: GatehouseServices

    func requestReset(_ request: Request, context: GatehouseRequestContext) async throws -> Response {
        try await answer(request, context) { email in
            ResetAPIData(message: Self.message(for: email), linkExpiresIn: service.configuration.otpExpiry)
        }
    }

    func legacyResetPassword(_ request: Request, context: GatehouseRequestContext) async throws -> Response {
        try await answer(request, context) { email in LegacyResetAPIData(message: Self.message(for: email)) }
    }

    /// The generic, enumeration-safe text of the specs, with the address as submitted (trimmed).
    static func message(for email: String) -> String {
        UserFacingText.resetLinkOnItsWay(to: email)
    }

    private func answer<D: Codable & Sendable & Equatable>(
        _ request: Request, _ context: GatehouseRequestContext, data: (String) -> D
    ) async throws -> Response {
        let body = try await JSONBody.decode(PasswordResetEmailRequest.self, from: request, context: context)
        try await service.recovery.requestEmail(.recovery, email: body.email, missingMessage: "Please enter your email address")
        let email = (try? EmailAddress(validating: body.email ?? ""))?.normalized ?? ""
        return try JSONBody.response(ResetAPIEnvelope(success: true, data: data(email)))
    }
}
