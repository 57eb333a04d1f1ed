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

import Crypto

extension AuthenticatorData {
    /// Checklist step 4's checks common to both ceremonies, in order: the RP ID hash, UP, UV when
    /// required, and the backup flags' consistency (BS without BE is invalid, W3C WebAuthn §6.1.3).
    func verify(for relyingParty: RelyingParty) throws(WebAuthnError) {
        let expectedHash = Array(SHA256.hash(data: Array(relyingParty.id.utf8)))
        guard rpIDHash == expectedHash else { throw .rpIDHashMismatch }
        guard flags.contains(.userPresent) else { throw .userNotPresent }
        if relyingParty.requiresUserVerification, !flags.contains(.userVerified) { throw .userNotVerified }
        if flags.contains(.backedUp), !flags.contains(.backupEligible) { throw .backupStateWithoutEligibility }
    }
}
