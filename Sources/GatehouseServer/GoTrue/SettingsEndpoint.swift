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

/// `GET /settings`: what a client may offer (sign-up open, autoconfirm, password length). Public.
struct SettingsEndpoint {
    let service: GatehouseServices

    func show(_ request: Request, context: GatehouseRequestContext) async throws -> Response {
        let configuration = service.configuration
        var payload = SettingsPayload.gatehouse(
            disableSignup: configuration.signupDisabled, mailerAutoconfirm: configuration.autoconfirm,
            passwordMinLength: configuration.passwordPolicy.minimumLength, mailerOtpExp: configuration.otpExpiry
        )
        payload.external?["anonymous_users"] = configuration.anonymousUsersEnabled
        // GoTrue lists Apple and Google whether on or not; an operator's issuer only when on.
        payload.external?["apple"] = false
        payload.external?["google"] = false
        for provider in configuration.external.providers { payload.external?[provider.name] = true }
        payload.passkeysEnabled = configuration.passkeys.enabled
        return try JSONBody.response(payload)
    }
}
