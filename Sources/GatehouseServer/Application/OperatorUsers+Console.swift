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

import Foundation
import GatehouseCore

/// `gatehouse users promote|demote`: who may sign in to the admin console at `/admin`.
extension OperatorUsers {
    /// Makes the user an operator (`users.is_super_admin`); audited with the actor `cli`.
    public func promote(_ reference: String) async throws(OperatorFailure) -> OperatorUser {
        try await setSuperAdmin(reference, true)
    }

    /// Takes the console away from the user; their open console session ends at its next request.
    public func demote(_ reference: String) async throws(OperatorFailure) -> OperatorUser {
        try await setSuperAdmin(reference, false)
    }

    private func setSuperAdmin(_ reference: String, _ value: Bool) async throws(OperatorFailure) -> OperatorUser {
        let user = try await find(reference)
        let accounts = services.accounts
        try await OperatorFailure.mapping { () async throws(AuthError) in try await accounts.setSuperAdmin(user, value) }
        return OperatorUser(user)
    }
}
