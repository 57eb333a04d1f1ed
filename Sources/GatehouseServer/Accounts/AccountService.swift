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

/// Accounts: sign-up, the signed-in user's own updates and reauthentication, and the admin
/// API's user management. One file per operation (`SignUp.swift`, `UserUpdate.swift`, …).
struct AccountService: Sendable {
    let configuration: ServerConfiguration
    let store: Store
    let hasher: PasswordHasher
    /// Signs the new user in when sign-ups need no confirmation.
    let issuer: SessionIssuer
    let mailQueue: MailQueue
    let tokenHasher: OneTimeTokenHasher
    let redirectPolicy: RedirectPolicy
    let clock: ServerClock
    let random: RandomSource
    /// Counts the breach range API's lookups (`PasswordScreen`).
    let metrics: GatehouseMetrics

    init(_ environment: ServerEnvironment) {
        configuration = environment.configuration
        store = environment.store
        hasher = environment.hasher
        issuer = environment.issuer
        mailQueue = environment.mailQueue
        tokenHasher = environment.tokenHasher
        redirectPolicy = environment.redirectPolicy
        clock = environment.clock
        random = environment.random
        metrics = environment.metrics
    }

    var passwordPolicy: PasswordPolicy { configuration.passwordPolicy }
}
