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

import GatehouseClient
import GatehouseCore
import GatehouseFeatures
import Testing

/// Spec 002's sign-in failures beyond its checklist: §3's error codes all read as wrong
/// credentials without naming a field (§8), and §2's network error offers Retry.
@MainActor
@Suite("LoginModel: credential failures and network errors (spec 002 §2, §3, §8)")
struct LoginErrorRecoveryTests: LoginFixture {
    let auth = StubAuthClient()
    let clock = ManualClock()

    /// §3 `invalid_credentials`, `user_not_found`, `invalid_grant`; §8 "Display: 'Invalid email
    /// or password'", "Security Note: Don't reveal which field is wrong".
    @Test(arguments: ["invalid_credentials", "user_not_found", "invalid_grant"])
    func everyCredentialFailureReadsTheSame(code: String) async {
        auth.signInOutcome = .fail(.api(APIError(status: 400, code: AuthErrorCode(code), message: "Invalid login credentials")))
        let model = filled()
        await model.submit()
        #expect(model.errorMessage == "Invalid email or password")
        #expect(model.errorDetail == "Please check and try again")
        #expect(model.emailError == nil && model.passwordError == nil, "no field is singled out")
        #expect(!model.offersRetry, "the recovery is re-entering the credentials")
        #expect(!model.isButtonDisabled)
    }

    /// §2 "Network error. Please check your connection and try again." with "Recovery: Retry
    /// button in error message".
    @Test func aNetworkErrorOffersRetry() async {
        auth.signInOutcome = .fail(.network("connection reset"))
        let model = filled()
        await model.submit()
        #expect(model.errorMessage == "Network error. Please check your connection and try again.")
        #expect(model.offersRetry)
        auth.signInOutcome = .succeed
        await model.retry()
        #expect(auth.signInCalls.count == 2)
        #expect(model.destination == .dashboard)
    }
}
