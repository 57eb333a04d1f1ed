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
import Hummingbird

/// Where a browser's sign-in code step stands, read from its step cookie.
enum SecondFactorStepStatus {
    /// Past the password; the code is still due. The session's caller (aal1) and the step.
    case pending(Authenticated, SecondFactorStepState)
    /// The step outlived `GATEHOUSE_MFA_CHALLENGE_EXPIRY` (or its session its idle limit); its
    /// session has been ended.
    case expired
    /// No step cookie, one this server did not seal, or a step with nothing left to do: its
    /// session is gone, its user banned, or its code already verified.
    case none
}

extension WebContext {
    var codeStep: SecondFactorStepCookie { SecondFactorStepCookie(security) }

    /// Seconds the code step lasts: as long as an API challenge may be verified.
    var codeStepLifetime: Int64 { Int64(service.configuration.mfa.challengeExpiry) }

    /// Where a password sign-in that just started `issued` goes. When the API would still want a
    /// code of this session (`Authenticated.needsSecondFactor`: a verified factor this session
    /// has not used), to the code step with only the step's cookie; otherwise in, to `/account`.
    func finishPasswordSignIn(_ issued: IssuedSession, remember: Bool, exchange: inout WebExchange) -> WebOutcome {
        let caller = service.sessions.authenticated(user: issued.user, session: issued.session, now: issued.session.createdAt)
        guard caller.needsSecondFactor else {
            setSignInCookie(cookieState(for: issued, remember: remember), on: &exchange)
            exchange.rotateCSRF(security)
            return .redirect("/account")
        }
        clearSignInCookie(on: &exchange)
        let step = SecondFactorStepState(
            sessionId: issued.session.id, userId: issued.user.id, remember: remember,
            startedAt: issued.session.createdAt.secondsSinceEpoch)
        if let sealed = codeStep.seal(step) {
            exchange.cookies.append(security.cookie(name: codeStep.name, value: sealed, maxAge: Int(codeStepLifetime)))
        }
        exchange.rotateCSRF(security)
        return .redirect("/login/code")
    }

    /// The step cookie resolved against its session.
    func resolveCodeStep(_ request: Request) async throws(AuthError) -> SecondFactorStepStatus {
        guard let value = request.cookies[codeStep.name]?.value, let step = codeStep.open(value) else { return .none }
        switch try await service.sessions.resumeCookieSession(
            sessionId: step.sessionId, userId: step.userId, lastSeen: step.startedAt, remember: false)
        {
        case .active(let caller, let now):
            if now.secondsSinceEpoch - step.startedAt > codeStepLifetime {
                try await service.sessions.signOut(caller, scope: .local)
                return .expired
            }
            // Once raised (or with no factor left to ask for) the step is spent: only a code opens it.
            return caller.needsSecondFactor ? .pending(caller, step) : .none
        case .timedOut: return .expired
        case .ended: return .none
        }
    }

    /// Drops the step cookie (the step succeeded, was cancelled or is over).
    func endCodeStep(on exchange: inout WebExchange) {
        exchange.cookies.append(security.removal(of: codeStep.name))
    }
}
