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

/// The routes of the REST shape (spec 004), with their middleware: the envelope's error
/// vocabulary outermost (`{"success": false, "error": <code>, "message"}`), then the OTP rate limit.
struct RESTRoutes {
    let service: GatehouseServices
    let limits: RateLimits

    /// Its paths, whose NUL / bad UTF-8 refusal (`QueryInputGuard`) speaks this envelope.
    static let paths = ["/api/request_password_reset", "/api/reset_password"]
    /// The envelope's error answers (also the 405 of a wrong method, `MethodNotAllowedAnswers`).
    static let errors = EnvelopeErrorMiddleware {
        ResetAPIEnvelope<EmptyObject>(success: false, error: $0.code.rawValue, message: AuthErrorWording.text(for: $0))
    }

    func add(to router: Router<GatehouseRequestContext>) {
        let passwordReset = PasswordResetRequestEndpoint(service: service)
        let errors = Self.errors
        let otp = RateLimitMiddleware(limits.otp)
        let guardQuery = QueryInputGuard<GatehouseRequestContext>()
        router.with(errors, guardQuery, otp).post("api/request_password_reset") { try await passwordReset.requestReset($0, context: $1) }
        router.with(errors, guardQuery, otp).post("api/reset_password") { try await passwordReset.legacyResetPassword($0, context: $1) }
    }
}
