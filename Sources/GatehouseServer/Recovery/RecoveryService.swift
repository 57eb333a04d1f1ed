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
import Logging

/// Recovery and verification: the "send me an email" requests (recover, resend), redeeming
/// emailed links and codes, previewing a link without spending it, and the password reset.
struct RecoveryService: Sendable {
    let configuration: ServerConfiguration
    let store: Store
    let hasher: PasswordHasher
    /// Signs in whoever redeems a link or a code.
    let issuer: SessionIssuer
    let tokenHasher: OneTimeTokenHasher
    let redirectPolicy: RedirectPolicy
    let mailQueue: MailQueue
    let clock: ServerClock
    let random: RandomSource
    let logger: Logger
    /// Counts email requests and redeemed links and codes.
    let metrics: GatehouseMetrics
    /// Writes the "send me an email" requests in group commits (one per service, shared by
    /// every request).
    let emailRequests: EmailRequestCommitter

    init(_ environment: ServerEnvironment) {
        configuration = environment.configuration
        store = environment.store
        hasher = environment.hasher
        issuer = environment.issuer
        tokenHasher = environment.tokenHasher
        redirectPolicy = environment.redirectPolicy
        mailQueue = environment.mailQueue
        clock = environment.clock
        random = environment.random
        logger = environment.logger
        metrics = environment.metrics
        emailRequests = EmailRequestCommitter(
            store: environment.store, sendWindow: environment.configuration.emailSendWindow, metrics: environment.metrics)
    }

    var passwordPolicy: PasswordPolicy { configuration.passwordPolicy }
}
