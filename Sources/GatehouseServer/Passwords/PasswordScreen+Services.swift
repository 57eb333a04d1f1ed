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

/// The services that set passwords check them through the one screen.
extension AccountService {
    var passwordScreen: PasswordScreen { PasswordScreen(configuration: configuration, metrics: metrics) }
}

extension RecoveryService {
    var passwordScreen: PasswordScreen { PasswordScreen(configuration: configuration, metrics: metrics) }
}
