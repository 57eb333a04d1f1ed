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

import PostgresNIO

/// The account holding an address, with its email identity and MFA factors: one row per factor
/// (in no order: `UserRepository.decodeWithFactors` orders them), or one row with no factor.
/// PostgreSQL keeps it prepared, where the account and its factors were two statements planned
/// again on every sign-in.
struct UserWithFactorsByEmailStatement: PostgresKeptStatement {
    static let sql = """
        SELECT \(UserRepository.columns), \(UserRepository.factorColumns)
        \(UserRepository.from) \(UserRepository.factorsJoin)
        WHERE u.email = $1
        """

    let email: String

    func makeBindings() throws -> PostgresBindings {
        var bindings = PostgresBindings(capacity: 1)
        bindings.append(email)
        return bindings
    }
}
