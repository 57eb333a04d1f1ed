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

extension PasswordHasher {
    /// A new password must differ from the account's current one: the rule of `PUT /user` (the
    /// account page's change) and of the reset page, kept in one place so both say the same.
    func refuseCurrentPassword(_ password: String, of user: UserRecord) async throws(AuthError) {
        if try await hashing({ try await verify(password, against: user.passwordHash) }) {
            throw AuthError(.samePassword, kind: .refused)
        }
    }
}
