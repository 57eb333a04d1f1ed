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

/// What a sign-up confirmation's authorization code does on the login page (`/login?code=`).
enum ConfirmationLanding: Sendable {
    /// The browser that signed up (it holds the verifier): signed in, as GoTrue's confirmation does.
    case signedIn(IssuedSession)
    /// Another browser: the address is confirmed, and the page can fill it in.
    case confirmed(email: String)
    /// No such code (made up, a day old), or not a confirmation's.
    case unknown
}

extension SessionService {
    /// The login page's view of a confirmation's code: the flow is read without spending it,
    /// then exchanged as `POST /token?grant_type=pkce` would when `verifier` answers it. A code
    /// reaches only the browser that pressed the link's button, so telling that browser whose
    /// address was confirmed tells it nothing the email did not.
    func landConfirmation(code: String, verifier: String?, client: ClientInfo) async throws(AuthError) -> ConfirmationLanding {
        guard !code.isEmpty, code.utf8.count <= 128 else { return .unknown }
        let codeHash = tokenHasher.authCodeHash(code)
        let found = try await store.run { database -> (FlowStateRecord, UserRecord)? in
            guard let flow = try await database.flowStates.find(authCodeHash: codeHash),
                let user = try await database.users.find(id: flow.userId)
            else { return nil }
            return (flow, user)
        }
        guard let (flow, user) = found, flow.authenticationMethod == "otp", user.isConfirmed else { return .unknown }
        guard let verifier, PKCEChallenge(challenge: flow.codeChallenge, method: flow.codeChallengeMethod).isAnswered(by: verifier)
        else { return .confirmed(email: user.email) }
        do {
            return .signedIn(try await exchangeCode(authCode: code, verifier: verifier, client: client))
        } catch {
            if error.kind.isServerFailure { throw error }
            // Spent by a parallel request, expired, or the account banned since: no sign-in here.
            return .confirmed(email: user.email)
        }
    }
}
