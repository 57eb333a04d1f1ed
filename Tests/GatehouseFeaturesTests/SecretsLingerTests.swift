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
import GatehouseClient
import GatehouseCore
import GatehouseFeatures
import Testing

/// Secrets left behind, the models' half: once used, the login password, the session and the reset link
/// with its token are not kept in the page models (a memory dump, a crash report or a debugger
/// reading the model finds none of them).
@MainActor
@Suite("Page models forget secrets once used")
struct SecretsLingerTests {
    static let password = "correct-horse-battery-7"
    static let linkToken = "SECRET-LINK-TOKEN-5a1b"

    /// The model's stored values, except the client it talks to (which holds the session by design).
    static func storedValues(of model: AnyObject) -> [(label: String, value: Any)] {
        Mirror(reflecting: model).children.compactMap { child in
            guard let label = child.label, label != "auth" else { return nil }
            return (label, child.value)
        }
    }

    /// `sessionAllowedIn`: the one stored value that may hold a session at this point (the reset
    /// page keeps the recovery session its link gave until the new password is saved).
    static func expectNothingSecret(in model: AnyObject, _ secrets: [String], sessionAllowedIn: String? = nil) {
        for (label, value) in storedValues(of: model) {
            if label != sessionAllowedIn { #expect(value as? Session == nil, "\(label) holds a session") }
            var dumped = ""
            dump(value, to: &dumped)
            for secret in secrets { #expect(!dumped.contains(secret), "\(label) holds \(secret)") }
        }
    }

    @Test func theLoginPageForgetsThePasswordAndTheSession() async {
        let model = LoginModel(auth: StubAuthClient(), clock: ManualClock())
        model.email = "user@example.com"
        model.password = Self.password
        await model.submit()
        #expect(model.destination == .dashboard)
        #expect(model.password.isEmpty)
        Self.expectNothingSecret(in: model, [Self.password])
    }

    @Test func theLoginPageForgetsThePasswordWhenTheUserLeaves() async {
        let stub = StubAuthClient()
        stub.signInOutcome = .hang
        let model = LoginModel(auth: stub, clock: ManualClock())
        model.email = "user@example.com"
        model.password = Self.password
        let tap = Task { await model.submit() }
        #expect(await eventually { model.isLoading })
        model.cancel()
        await tap.value
        #expect(model.password.isEmpty)
    }

    @Test func aFailedSignInKeepsThePasswordForRetry() async {
        let stub = StubAuthClient()
        stub.signInOutcome = .fail(.invalidCredentials)
        let model = LoginModel(auth: stub, clock: ManualClock())
        model.email = "user@example.com"
        model.password = Self.password
        await model.submit()
        #expect(model.password == Self.password)
    }

    @Test func theSignUpPageForgetsThePasswordAndTheSession() async {
        let model = SignUpModel(auth: StubAuthClient(), clock: ManualClock())
        model.email = "user@example.com"
        model.password = Self.password
        await model.submit()
        #expect(model.destination == .dashboard)
        #expect(model.password.isEmpty)
        Self.expectNothingSecret(in: model, [Self.password])
    }

    @Test func theResetPageForgetsTheLinkOnceRedeemed() async {
        let link = URL(string: "myapp://reset-password?token=\(Self.linkToken)&type=recovery")!
        let model = ResetPasswordModel(auth: StubAuthClient(), source: .link(link), clock: ManualClock())
        await model.open()
        #expect(model.phase == .ready)
        Self.expectNothingSecret(in: model, [Self.linkToken], sessionAllowedIn: "recovery")
        await Self.save(model)
        Self.expectNothingSecret(in: model, [Self.linkToken, Self.password])
    }

    /// Sets a new password and expects the reset to finish.
    static func save(_ model: ResetPasswordModel) async {
        model.newPassword = password
        model.confirmation = password
        await model.submit()
        #expect(model.phase == .done)
    }

    @Test func theResetPageForgetsASpentLink() async {
        let stub = StubAuthClient()
        stub.outcome = .fail(.api(APIError(status: 403, code: .otpExpired, message: "Token has expired or is invalid")))
        let link = URL(string: "myapp://reset-password?token=\(Self.linkToken)&type=recovery")!
        let model = ResetPasswordModel(auth: stub, source: .link(link), clock: ManualClock())
        await model.open()
        #expect(model.phase == .invalidLink)
        Self.expectNothingSecret(in: model, [Self.linkToken])
    }

    @Test func theResetPageKeepsTheLinkWhileItCanBeRetried() async {
        let stub = StubAuthClient()
        stub.outcome = .fail(.notConnected)
        let link = URL(string: "myapp://reset-password?token=\(Self.linkToken)&type=recovery")!
        let model = ResetPasswordModel(auth: stub, source: .link(link), clock: ManualClock())
        await model.open()
        #expect(model.phase == .unavailable)
        stub.outcome = .succeed
        await model.open()
        #expect(model.phase == .ready)
    }

    @Test func theResetPageForgetsTheEmailedCodeOnceRedeemed() async {
        let model = ResetPasswordModel(
            auth: StubAuthClient(), source: .code(email: "user@example.com", code: "918273"), clock: ManualClock())
        await model.open()
        #expect(model.phase == .ready)
        Self.expectNothingSecret(in: model, ["918273"], sessionAllowedIn: "recovery")
        await Self.save(model)
        Self.expectNothingSecret(in: model, ["918273", Self.password])
    }
}
