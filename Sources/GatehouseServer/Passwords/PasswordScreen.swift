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

/// Every new password passes here, on every path that sets one (sign-up, `PUT /user`, resets,
/// the admin API, `generate_link`, Firebase's sign-up, update and reset, the pages): the shared
/// policy (length, bytes, NUL), then the common-password list, then — when
/// `GATEHOUSE_PASSWORD_BREACH_API` names one — the breach range API. Listed passwords are GoTrue's
/// 422 `weak_password` with the reason `pwned`.
struct PasswordScreen: Sendable {
    let policy: PasswordPolicy
    let breaches: PasswordBreachLookup?

    init(configuration: ServerConfiguration, metrics: GatehouseMetrics, logger: Logger = Logger(label: "gatehouse.passwords")) {
        policy = configuration.passwordPolicy
        breaches = configuration.passwordBreach.rangeAPI.map {
            PasswordBreachLookup(rangeAPI: $0, timeout: configuration.passwordBreach.timeout, metrics: metrics, logger: logger)
        }
    }

    /// The password, when it may be set; otherwise the error to answer.
    func check(_ password: String?) async throws(AuthError) -> String {
        let password = try AuthError.checkPassword(password, policy: policy)
        if CommonPasswords.contains(password) { throw .weakPassword(.tooCommon) }
        if let breaches, await breaches.isBreached(password) { throw .weakPassword(.tooCommon) }
        return password
    }
}

/// The services that set passwords check them through the one screen.
extension AccountService {
    var passwordScreen: PasswordScreen { PasswordScreen(configuration: configuration, metrics: metrics) }
}

extension RecoveryService {
    var passwordScreen: PasswordScreen { PasswordScreen(configuration: configuration, metrics: metrics) }
}
