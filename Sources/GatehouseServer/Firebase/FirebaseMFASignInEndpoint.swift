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

import Hummingbird

/// The second step of a multi-factor sign-in (Identity Toolkit v2), after a password sign-in
/// answered `mfaPendingCredential`:
/// - `mfaSignIn:finalize {mfaPendingCredential, mfaEnrollmentId, totpVerificationInfo:
///   {verificationCode}}` answers `{idToken, refreshToken}` of a new aal2 session
///   (`MFAService.finishSignIn`). A wrong code is `INVALID_CODE` and spends the factor's guess
///   budget; a forged, expired or used credential `INVALID_MFA_PENDING_CREDENTIAL`.
/// - `mfaSignIn:start` sends SMS codes for phone factors; for a TOTP factor (the SDKs go
///   straight to finalize) it checks the credential and the factor, spends nothing, and answers
///   `{}`. Phone factors do not exist here: `OPERATION_NOT_ALLOWED`, as a project without SMS MFA.
///
/// Missing fields get the names the Auth emulator gives them, in its order.
struct FirebaseMFASignInEndpoint {
    let adapter: FirebaseAdapter

    static let smsDisabled = FirebaseError.named("OPERATION_NOT_ALLOWED", "SMS based MFA not enabled.")

    func start(_ request: Request, context: FirebaseRequestContext) async throws -> Response {
        let body = try await JSONBody.decode(FirebaseRequests.MFASignIn.self, from: request, context: context)
        if body.phoneSignInInfo != nil { throw Self.smsDisabled }
        guard let pending = body.mfaPendingCredential, !pending.isEmpty else {
            throw FirebaseError.named("MISSING_MFA_PENDING_CREDENTIAL", "Request does not have MFA pending credential.")
        }
        let factorId = try Self.enrollmentId(body)
        let mfa = adapter.service.mfa
        let (user, _) = try await mfa.pendingAccount(pending)
        _ = try mfa.enrolledFactor(factorId, of: user)
        return try JSONBody.response(FirebasePayloads.MFASignInStart())
    }

    func finalize(_ request: Request, context: FirebaseRequestContext) async throws -> Response {
        let body = try await JSONBody.decode(FirebaseRequests.MFASignIn.self, from: request, context: context)
        guard let pending = body.mfaPendingCredential, !pending.isEmpty else {
            throw FirebaseError.named("MISSING_CREDENTIAL", "Please set MFA Pending Credential.")
        }
        if body.phoneVerificationInfo != nil { throw Self.smsDisabled }
        guard let totp = body.totpVerificationInfo else { throw FirebaseError.named("INVALID_ARGUMENT", "MFA provider not supported!") }
        guard let code = totp.verificationCode, !code.isEmpty else { throw FirebaseError.named("MISSING_CODE") }
        let factorId = try Self.enrollmentId(body)
        let issued = try await adapter.service.mfa.finishSignIn(pending: pending, factorId: factorId, code: code, client: context.client)
        let tokens = try await adapter.tokens(user: issued.user, session: issued.session)
        return try JSONBody.response(FirebasePayloads.MFASignInFinalize(idToken: tokens.idToken, refreshToken: tokens.refreshToken))
    }

    private static func enrollmentId(_ body: FirebaseRequests.MFASignIn) throws -> String {
        guard let id = body.mfaEnrollmentId, !id.isEmpty else {
            throw FirebaseError.named("MISSING_MFA_ENROLLMENT_ID", "No second factor identifier is provided.")
        }
        return id
    }
}
