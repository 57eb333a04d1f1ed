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

/// Changing the address of an account, and anonymous accounts.
extension ServerSettings {
    static let emailChange: [any SettingDescription] = [
        secureEmailChange, anonymousUsersEnabled, rateLimitAnonymousUsers,
    ]

    static let secureEmailChange = Setting<Bool>.flag(
        "GATEHOUSE_MAILER_SECURE_EMAIL_CHANGE_ENABLED", default: true,
        help: "`PUT /user {email}` emails a link and code to both the current and the new address, and the address changes "
            + "only once both are confirmed (GoTrue's `MAILER_SECURE_EMAIL_CHANGE_ENABLED`); `false`: the new address alone"
    )
    static let anonymousUsersEnabled = Setting<Bool>.flag(
        "GATEHOUSE_EXTERNAL_ANONYMOUS_USERS_ENABLED", default: false,
        help: "`true`: `POST /signup` with neither email nor phone signs in a new anonymous user (`is_anonymous`); "
            + "`false`: 422 `anonymous_provider_disabled` (GoTrue's `EXTERNAL_ANONYMOUS_USERS_ENABLED`)"
    )
    static let rateLimitAnonymousUsers = Setting<Int>.integer(
        "GATEHOUSE_RATE_LIMIT_ANONYMOUS_USERS", default: 30, in: 0...1_000_000,
        help: "anonymous sign-ins per hour per client IP, counted in the database so every instance shares it "
            + "(`0` = off; GoTrue's `RATE_LIMIT_ANONYMOUS_USERS`)"
    )
}
