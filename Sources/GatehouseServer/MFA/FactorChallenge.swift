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
    /// `POST /factors/{id}/challenge`: a challenge a code can be verified against, from the
    /// client's address, until `expiresAt` (Unix seconds).
    func challenge(_ caller: Authenticated, factorId: String, client: ClientInfo) async throws(AuthError) -> (
        challenge: ChallengeRecord, expiresAt: Int64
    ) {
        try caller.refuseAnonymousFactorCalls()
        let factor = try await ownFactor(factorId, of: caller)
        guard settings.totpVerifyEnabled else {
            throw AuthError(.mfaTOTPVerifyDisabled, kind: .refused)
        }
        let now = clock.now()
        let challenge = ChallengeRecord(id: random.uuid(), factorId: factor.id, ip: client.address, createdAt: now, verifiedAt: nil)
        try await store.run(.transaction) { work in
            try await work.mfaChallenges.insert(challenge)
            try await work.mfaFactors.recordChallenge(id: factor.id, at: now)
        }
        return (challenge, now.secondsSinceEpoch + Int64(settings.challengeExpiry))
    }
}
