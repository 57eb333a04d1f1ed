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

/// The reset and verification RPCs in the Firebase dispatch table: `sendOobCode`
/// (`getOobConfirmationCode`), `resetPassword`, and `update` with an `oobCode` (the SDKs'
/// `applyActionCode`; any other update goes to the update endpoint registered before).
struct FirebaseOobRoutes {
    let adapter: FirebaseAdapter
    let limits: RateLimits

    /// Call last in the table, after `update` is registered.
    func register(in table: inout FirebaseRPCTable) {
        let service = adapter.service
        let send = FirebaseOobEndpoint(adapter: adapter)
        let reset = FirebaseResetPasswordEndpoint(service: service)
        let apply = FirebaseOobApply(service: service)
        // Emails: the "send me an email" budget, as `/recover`; codes: `/verify`'s, as the reset page.
        table.register("sendOobCode", limit: limits.otp) { try await send.send($0, $1) }
        table.register("resetPassword", limit: limits.verify) { try await reset.reset($0, $1) }
        let update = table.rpc(named: "update")
        table.register("update", limit: update?.limit ?? limits.verify) { try await apply.apply($0, $1, otherwise: update?.handler) }
    }
}
