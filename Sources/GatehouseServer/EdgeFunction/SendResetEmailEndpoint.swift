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
import Hummingbird

/// The Supabase Edge Function of spec 003: `POST /functions/v1/send-reset-email {email}` →
/// `{"success": true, "message": "Password reset email sent"}`. Same request path as `/recover`,
/// so the same answer for every address; failures are answered by its route list's `EnvelopeErrorMiddleware`.
struct SendResetEmailEndpoint {
    let service: GatehouseServices

    func send(_ request: Request, context: GatehouseRequestContext) async throws -> Response {
        let body = try await JSONBody.decode(PasswordResetEmailRequest.self, from: request, context: context)
        try await service.recovery.requestEmail(.recovery, email: body.email, missingMessage: "Email is required")
        return try JSONBody.response(EdgeFunctionResetAnswer(success: true, message: "Password reset email sent"))
    }
}
