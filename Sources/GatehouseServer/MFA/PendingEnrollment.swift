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
import GatehouseQRCode

extension MFAService {
    /// The enrolment details of the caller's factor while it is still unverified, for the account
    /// page to show again after a wrong code or a reload (the API shows them only once; the page's
    /// owner may see their own unconfirmed secret again), under the `issuer` the page enrolled it
    /// with. Nil once verified or gone.
    func pendingEnrollment(_ caller: Authenticated, factorId: String, issuer: String) async throws(AuthError) -> FactorEnrollment? {
        guard let factor = try? await ownFactor(factorId, of: caller), !factor.isVerified else { return nil }
        let uri = Self.otpauthURI(issuer: issuer, account: caller.user.email, secret: factor.secret)
        return FactorEnrollment(factor: factor, secret: factor.secret, uri: uri, qrCodeSVG: QRCode.encode(uri)?.svg() ?? "")
    }

    /// Challenge and verify in one step (the account page's confirmation form).
    func challengeAndVerify(_ caller: Authenticated, factorId: String, code: String, client: ClientInfo) async throws(AuthError)
        -> IssuedSession
    {
        let challenge = try await self.challenge(caller, factorId: factorId, client: client).challenge
        return try await verify(caller, factorId: factorId, challengeId: challenge.id.uuidString, code: code, client: client)
    }
}
