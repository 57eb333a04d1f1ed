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

extension MFAService {
    /// The verified factor `session` proved its second factor with, for a token to name; nil for
    /// an aal1 session (no query then) or when the factor is gone (its sessions were lowered).
    func secondFactor(of session: SessionRecord, user: UserRecord) async throws(AuthError) -> FactorRecord? {
        guard session.aal == "aal2" else { return nil }
        let (sessionId, userId) = (session.id, user.id)
        let factor = try await store.run { work -> FactorRecord? in
            guard let factorId = try await work.mfaChallenges.factorId(ofSession: sessionId) else { return nil }
            return try await work.mfaFactors.find(id: factorId, userId: userId)
        }
        return factor?.isVerified == true ? factor : nil
    }

    /// Raises `session`, just started to carry on `previous` (a password change ends the old
    /// session and starts another), to the aal2 `previous` had, with the same factor: the caller
    /// proved that factor and the change does not take it back. `session` as it is when
    /// `previous` was not aal2.
    func carryOverSecondFactor(from previous: SessionRecord, to session: SessionRecord, factor: FactorRecord?) async throws(AuthError)
        -> SessionRecord
    {
        guard let factor, previous.aal == "aal2" else { return session }
        let now = clock.now()
        let amr = session.amr + previous.amr.filter { $0.method == "totp" }
        let sessionId = session.id
        let counter = try await store.run(.transaction) { work in
            try await work.mfaChallenges.raiseSession(id: sessionId, factorId: factor.id, amr: amr, at: now)
        }
        guard let counter else { throw AuthError(.sessionNotFound, kind: .forbidden, "Session does not exist") }
        var raised = session
        raised.aal = "aal2"
        raised.amr = amr
        raised.refreshCounter = counter
        raised.refreshedAt = now
        return raised
    }
}
