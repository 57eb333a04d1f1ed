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

extension AccountService {
    /// Deleting one's own account asks what a new password asks (`PUT /user`, Firebase's
    /// `accounts:update`), in the same order: the second factor when the account has a verified
    /// one (`needsSecondFactor`), then a recent sign-in or another proof
    /// (`requirePasswordChangeProof`). An access token alone, which may have been stolen, ends
    /// no account.
    func requireAccountDeletionProof(_ caller: Authenticated, currentPassword: String? = nil, nonce: String? = nil)
        async throws(AuthError)
    {
        if caller.needsSecondFactor {
            throw AuthError(
                .insufficientAAL, kind: .unauthenticated, "AAL2 session is required to delete the account when MFA is enabled.")
        }
        try await requirePasswordChangeProof(caller, currentPassword: currentPassword, nonce: nonce)
    }
}
