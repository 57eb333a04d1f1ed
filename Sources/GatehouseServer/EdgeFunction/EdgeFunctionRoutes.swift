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

/// The routes of the Supabase Edge Function shape (spec 003), with their middleware: its own
/// error envelope outermost (`{"success": false, "error": <message>}`), then the OTP rate limit.
struct EdgeFunctionRoutes {
    let service: GatehouseServices
    let limits: RateLimits

    /// Its paths, whose NUL / bad UTF-8 refusal (`QueryInputGuard`) speaks this envelope.
    static let paths = ["/functions/v1/send-reset-email"]
    /// The envelope's error answers (also the 405 of a wrong method, `MethodNotAllowedAnswers`).
    static let errors = EnvelopeErrorMiddleware { EdgeFunctionResetAnswer(success: false, error: AuthErrorWording.text(for: $0)) }

    func add(to router: Router<GatehouseRequestContext>) {
        let sendResetEmail = SendResetEmailEndpoint(service: service)
        let errors = Self.errors
        router.with(errors, QueryInputGuard(), RateLimitMiddleware(limits.otp))
            .post("functions/v1/send-reset-email") { try await sendResetEmail.send($0, context: $1) }
    }
}
