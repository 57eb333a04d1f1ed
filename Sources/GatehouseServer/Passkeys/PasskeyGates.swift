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

extension Authenticated {
    /// Adding or removing a passkey (GoTrue's order): an anonymous user cannot (403
    /// `no_authorization`: no address to recover with); a user with a verified MFA factor needs
    /// an aal2 session (403 `insufficient_aal`), else a stolen password could add a way in.
    func requirePasskeyChanges() throws(AuthError) {
        if user.isAnonymous {
            throw AuthError(.noAuthorization, kind: .forbidden, "Anonymous users cannot manage passkeys")
        }
        if needsSecondFactor {
            throw AuthError(.insufficientAAL, kind: .forbidden, "AAL2 session is required to manage passkeys when MFA is enabled")
        }
    }
}
