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

/// The feature models, unchanged, on Firebase's REST API: spec 001's
/// Story 1.4 flow (forgot password: the generic success message for every address, the 1 h link,
/// the error texts) and login, sign-up and reset-password over `FirebaseAuthClient` /
/// `FirebaseResetService`.
@MainActor
@Suite("Feature models on Firebase")
struct FirebaseFeatureModelsTests {
    let firebase = FirebaseStub()
    let clock = ManualClock()

    func forgotPassword(_ email: String) -> ForgotPasswordModel {
        ForgotPasswordModel(
            service: firebase.resetService(), clock: clock, prefillEmail: email, reachability: FixedReachability(reachable: true))
    }

    // MARK: Forgot password (spec 001)

    @Test func registeredAndUnknownAddressesGetTheSameSuccessState() async {
        firebase.answer("sendOobCode", FirebaseStub.oob)
        let registered = forgotPassword("alice@example.com")
        await registered.submit()
        firebase.fail("sendOobCode", "EMAIL_NOT_FOUND")
        let unknown = forgotPassword("nobody@example.com")
        await unknown.submit()

        #expect(registered.phase == .sent)
        #expect(unknown.phase == .sent)
        #expect(registered.successMessage == "If an account exists for alice@example.com, a reset link is on its way")
        #expect(unknown.successMessage == "If an account exists for nobody@example.com, a reset link is on its way")
        // Spec 001: "Reset link expires after 1 hour".
        #expect(registered.linkExpiryText == "Link expires in 1 hour.")
        #expect(unknown.linkExpiryText == registered.linkExpiryText)
        #expect(unknown.errorMessage == nil)
        #expect(firebase.calls == ["sendOobCode", "sendOobCode"])
        #expect(firebase.body(of: "sendOobCode")?.contains(#""requestType":"PASSWORD_RESET""#) == true)
    }

    @Test func anInvalidAddressIsRefusedBeforeAnyRequest() async {
        let model = forgotPassword("not-an-email")
        await model.submit()
        #expect(model.phase == .form)
        #expect(model.emailError == UserFacingText.invalidEmail)
        #expect(firebase.calls.isEmpty)
    }

    @Test func firebasesThrottleStartsTheCooldown() async {
        firebase.fail("sendOobCode", "TOO_MANY_ATTEMPTS_TRY_LATER")
        let model = forgotPassword("alice@example.com")
        await model.submit()
        #expect(model.phase == .form)
        #expect(model.errorMessage == "Too many reset requests. Try again in 1 minute.")
    }

    @Test func aServerFailureShowsTheServerErrorText() async {
        firebase.answer("sendOobCode", status: 500, "<html>oops</html>")
        let model = forgotPassword("alice@example.com")
        await model.submit()
        #expect(model.phase == .form)
        #expect(model.errorMessage == UserFacingText.serverError)
    }

    // MARK: Login and sign-up

    @Test func loginSignsInAndWrongCredentialsReadTheSame() async {
        let auth = firebase.client()
        firebase.fail("signInWithPassword", "INVALID_LOGIN_CREDENTIALS")
        let model = LoginModel(auth: auth, clock: clock, reachability: FixedReachability(reachable: true))
        model.email = "alice@example.com"
        model.password = "wrong-password"
        await model.submit()
        #expect(model.errorMessage == UserFacingText.invalidCredentials)
        #expect(model.destination == nil)

        firebase.answer("signInWithPassword", FirebaseStub.tokens(kind: "VerifyPasswordResponse"))
        firebase.answer("lookup", FirebaseStub.lookup)
        model.password = "right-password"
        await model.submit()
        #expect(model.destination == .dashboard)
        #expect(model.signedInUser?.id == "uid-1")
        #expect(await auth.currentSession()?.accessToken == "id-1")
    }

    @Test func aDisabledAccountHasItsText() async {
        firebase.fail("signInWithPassword", "USER_DISABLED")
        let model = LoginModel(auth: firebase.client(), clock: clock, reachability: FixedReachability(reachable: true))
        model.email = "alice@example.com"
        model.password = "password123"
        await model.submit()
        #expect(model.errorMessage == UserFacingText.accountDisabled)
    }

    @Test func signUpIsSignedInAtOnce() async {
        firebase.answer("signUp", FirebaseStub.tokens(kind: "SignupNewUserResponse"))
        firebase.answer("lookup", FirebaseStub.lookup)
        let model = SignUpModel(auth: firebase.client(), clock: clock)
        model.email = "alice@example.com"
        model.password = "correct-horse-battery"
        await model.submit()
        #expect(model.phase == .signedIn)
        #expect(model.destination == .dashboard)
        #expect(firebase.calls == ["signUp", "lookup"])
    }

    @Test func signUpWithATakenAddressSaysSo() async {
        firebase.fail("signUp", "EMAIL_EXISTS")
        let model = SignUpModel(auth: firebase.client(), clock: clock)
        model.email = "alice@example.com"
        model.password = "correct-horse-battery"
        await model.submit()
        #expect(model.phase == .form)
        #expect(model.errorMessage == UserFacingText.accountAlreadyExists)
    }

    // MARK: Reset password from the emailed link

    static let link = URL(string: "https://auth.example.com/__/auth/action?mode=resetPassword&oobCode=oob-7&apiKey=web-key&lang=en")!

    @Test func theResetLinkIsCheckedThenTheNewPasswordSetWithItsCode() async {
        firebase.answer("resetPassword", FirebaseStub.reset)
        let model = ResetPasswordModel(auth: firebase.client(), source: .link(Self.link), clock: clock)
        await model.open()
        #expect(model.phase == .ready)
        #expect(model.accountEmail == "alice@example.com")
        #expect(firebase.body(of: "resetPassword") == #"{"oobCode":"oob-7"}"#)

        model.newPassword = "new-password-1"
        model.confirmation = "new-password-1"
        await model.submit()
        #expect(model.phase == .done)
        #expect(model.successMessage == UserFacingText.passwordChanged)
        #expect(firebase.calls == ["resetPassword", "resetPassword"])
        #expect(firebase.body(of: "resetPassword")?.contains(#""newPassword":"new-password-1""#) == true)
    }

    @Test(arguments: ["INVALID_OOB_CODE", "EXPIRED_OOB_CODE"])
    func aUsedOrExpiredLinkShowsTheInvalidLinkState(name: String) async {
        firebase.fail("resetPassword", name)
        let model = ResetPasswordModel(auth: firebase.client(), source: .link(Self.link), clock: clock)
        await model.open()
        #expect(model.phase == .invalidLink)
        #expect(model.errorMessage == UserFacingText.resetLinkInvalid)
    }

    @Test func aWeakPasswordKeepsThePageReady() async {
        firebase.answer("resetPassword", FirebaseStub.reset)
        let model = ResetPasswordModel(auth: firebase.client(), source: .link(Self.link), clock: clock)
        await model.open()
        firebase.fail("resetPassword", "WEAK_PASSWORD : Password should be at least 10 characters")
        model.newPassword = "new-password-1"
        model.confirmation = "new-password-1"
        await model.submit()
        #expect(model.phase == .ready)
        #expect(model.errorMessage == UserFacingText.passwordTooShort(minimum: 10))
    }
}
