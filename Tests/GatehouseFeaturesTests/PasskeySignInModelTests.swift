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

/// The login page's "Sign in with a passkey": a real `AuthClient` over a scripted
/// server, and a fake ceremony in place of the system sheet.
@MainActor
@Suite("LoginModel: passkey sign-in")
struct PasskeySignInModelTests {
    let clock = ManualClock()

    func model(_ server: PasskeyServer, _ ceremony: FakePasskeyCeremony?, reachable: Bool = true) -> (LoginModel, AuthClient) {
        let client = server.client()
        let model = LoginModel(
            auth: client, clock: clock, reachability: FixedReachability(reachable: reachable), passkeyCeremony: ceremony)
        return (model, client)
    }

    @Test func aPasskeySignsInKeepsTheSessionAndGoesToTheDashboard() async {
        let server = PasskeyServer()
        let ceremony = FakePasskeyCeremony()
        let (model, client) = model(server, ceremony)
        #expect(model.offersPasskeySignIn)
        #expect(model.passkeyButtonLabel == PasskeyText.signInButton)

        await model.signInWithPasskey()

        #expect(model.passkeyState == .signedIn)
        #expect(model.destination == .dashboard)
        #expect(model.signedInUser?.email == "alice@example.com")
        #expect(model.passkeyMessage == nil)
        #expect(model.signals.announcement?.text == UserFacingText.Login.signedInAnnouncement)
        #expect(ceremony.calls.map(\.relyingPartyId) == ["example.com"])
        #expect(server.paths == ["/auth/v1/passkeys/authentication/options", "/auth/v1/passkeys/authentication/verify"])
        #expect(await client.currentSession()?.accessToken == "access-passkey")
    }

    @Test func whileTheSheetIsUpNothingElseCanBeSubmitted() async {
        let gate = Gate()
        let server = PasskeyServer()
        let ceremony = FakePasskeyCeremony(.gate(gate))
        let (model, _) = model(server, ceremony)
        model.email = "alice@example.com"
        model.password = "password123"

        let first = Task { await model.signInWithPasskey() }
        #expect(await eventually { model.passkeyState == .inProgress && ceremony.calls.count == 1 })
        #expect(model.isPasskeyButtonDisabled)
        #expect(model.isButtonDisabled)
        #expect(model.areFieldsDisabled)
        #expect(model.passkeyButtonLabel == PasskeyText.signingIn)

        await model.signInWithPasskey()
        await model.submit()
        #expect(ceremony.calls.count == 1, "a second tap is ignored")
        #expect(!server.paths.contains { $0.hasSuffix("/token") }, "no password sign-in meanwhile")

        gate.open()
        await first.value
        #expect(model.passkeyState == .signedIn)
        #expect(server.paths.filter { $0.hasSuffix("/verify") }.count == 1)
    }

    @Test func closingTheSheetQuietlyGoesBackToIdle() async {
        let server = PasskeyServer()
        let (model, client) = model(server, FakePasskeyCeremony(.fail(.cancelled)))
        await model.signInWithPasskey()
        #expect(model.passkeyState == .idle)
        #expect(model.passkeyMessage == nil)
        #expect(model.errorMessage == nil)
        #expect(model.signals.feedback == nil)
        #expect(model.offersPasskeySignIn)
        #expect(!server.paths.contains { $0.hasSuffix("/verify") })
        #expect(await client.currentSession() == nil)
    }

    @Test func aRefusedPasskeySaysToTryAgainOrUseThePassword() async {
        let server = PasskeyServer { path in
            path.hasSuffix("/verify") ? PasskeyServer.error("webauthn_verification_failed", status: 400) : nil
        }
        let (model, client) = model(server, FakePasskeyCeremony())
        await model.signInWithPasskey()
        #expect(model.passkeyState == .failed(PasskeyText.signInFailed))
        #expect(model.passkeyMessage == "We couldn't sign you in with that passkey. Try again or use your password.")
        #expect(model.signals.feedback?.kind == .error)
        #expect(model.offersPasskeySignIn, "the person may try again")
        #expect(!model.isPasskeyButtonDisabled)
        #expect(model.destination == nil)
        #expect(await client.currentSession() == nil)
    }

    @Test func anExpiredChallengeHasItsText() async {
        let server = PasskeyServer { path in
            path.hasSuffix("/verify") ? PasskeyServer.error("webauthn_challenge_expired", status: 400) : nil
        }
        let (model, _) = model(server, FakePasskeyCeremony())
        await model.signInWithPasskey()
        #expect(model.passkeyState == .failed(PasskeyText.challengeExpired))
    }

    @Test func passkeysSwitchedOffOnTheServerTakeTheButtonAway() async {
        let server = PasskeyServer { path in
            path.hasSuffix("/options") ? PasskeyServer.error("passkey_disabled", status: 404) : nil
        }
        let ceremony = FakePasskeyCeremony()
        let (model, _) = model(server, ceremony)
        await model.signInWithPasskey()
        #expect(model.passkeyState == .unavailable(PasskeyText.disabled))
        #expect(!model.offersPasskeySignIn)
        #expect(model.passkeyMessage == PasskeyText.disabled)
        #expect(ceremony.calls.isEmpty, "no sheet for a server without passkeys")

        await model.signInWithPasskey()
        #expect(server.paths.count == 1, "not asked again")
    }

    @Test func aDeviceWithoutAPasskeySaysToUseThePassword() async {
        let (model, _) = model(PasskeyServer(), FakePasskeyCeremony(.fail(.noCredentials)))
        await model.signInWithPasskey()
        #expect(model.passkeyState == .unavailable(PasskeyText.noneOnThisDevice))
        #expect(!model.offersPasskeySignIn)
    }

    @Test func aPlatformFailureIsAFailedSignIn() async {
        let (model, _) = model(PasskeyServer(), FakePasskeyCeremony(.fail(.failed("The operation couldn't be completed."))))
        await model.signInWithPasskey()
        #expect(model.passkeyState == .failed(PasskeyText.signInFailed))
    }

    @Test func withoutACeremonyThereIsNoPasskeyButton() async {
        let server = PasskeyServer()
        let (model, _) = model(server, nil)
        #expect(!model.offersPasskeySignIn)
        await model.signInWithPasskey()
        #expect(model.passkeyState == .idle)
        #expect(server.paths.isEmpty)
    }

    @Test func offlineIsSaidAtOnce() async {
        let server = PasskeyServer()
        let (model, _) = model(server, FakePasskeyCeremony(), reachable: false)
        await model.signInWithPasskey()
        #expect(model.passkeyState == .failed(UserFacingText.noInternetConnection))
        #expect(server.paths.isEmpty)
    }

    @Test func leavingThePageTakesTheSheetAwayAndSendsNothingMore() async {
        let gate = Gate()
        let server = PasskeyServer()
        let ceremony = FakePasskeyCeremony(.gate(gate))
        let (model, client) = model(server, ceremony)
        let running = Task { await model.signInWithPasskey() }
        #expect(await eventually { ceremony.calls.count == 1 })

        model.cancel()
        await running.value
        #expect(ceremony.cancelledCount == 1)
        #expect(model.passkeyState == .idle)
        #expect(model.passkeyMessage == nil)
        #expect(!server.paths.contains { $0.hasSuffix("/verify") })
        #expect(await client.currentSession() == nil)
    }

    @Test func aSessionThatLandsAfterThePersonLeftIsEnded() async {
        let gate = Gate()
        let server = PasskeyServer { path in
            guard path.hasSuffix("/verify") else { return nil }
            await gate.waitIgnoringCancellation()
            return (200, PasskeyServer.session("late"))
        }
        let storage = MemorySessionStorage()
        let client = server.client(storage: storage)
        let model = LoginModel(
            auth: client, clock: clock, rememberMe: true, reachability: FixedReachability(reachable: true),
            passkeyCeremony: FakePasskeyCeremony())
        let tap = Task { await model.signInWithPasskey() }
        #expect(await eventually { server.paths.contains { $0.hasSuffix("/verify") } })

        // The answer lands and the client stores it while the main actor is held (the page has
        // not seen it yet), then the person leaves.
        gate.open()
        // Bounded at 120 s, as in CancellationTests: the store runs on the shared cooperative pool.
        for _ in 0..<60_000 where storage.load(key: client.configuration.storageKey) == nil { usleep(2000) }
        #expect(storage.load(key: client.configuration.storageKey) != nil)
        model.cancel()
        await tap.value

        #expect(model.passkeyState == .idle)
        #expect(model.destination == nil)
        #expect(await client.currentSession() == nil)
        #expect(await eventually { server.paths.last?.hasSuffix("/logout") == true })
    }

    @Test func aClientWithoutPasskeysReadsAsSwitchedOff() async {
        let model = LoginModel(
            auth: StubAuthClient(), clock: clock, reachability: FixedReachability(reachable: true),
            passkeyCeremony: FakePasskeyCeremony())
        await model.signInWithPasskey()
        #expect(model.passkeyState == .unavailable(PasskeyText.disabled))
    }

    @Test func aRateLimitDisablesBothButtonsForItsWait() async {
        let server = PasskeyServer { path in
            path.hasSuffix("/options") ? (429, #"{"code":"over_request_rate_limit","message":"rate limited"}"#) : nil
        }
        let (model, _) = model(server, FakePasskeyCeremony())
        await model.signInWithPasskey()
        // The page's one countdown (the error summary's), not a second text under the button.
        #expect(model.passkeyState == .idle)
        #expect(model.passkeyMessage == nil)
        #expect(model.errorMessage == UserFacingText.tooManyLoginAttempts(retryAfterSeconds: 60))
        #expect(model.isPasskeyButtonDisabled)
        #expect(model.isRateLimited)
        clock.advance(by: .seconds(61))
        await settle()
        #expect(!model.isPasskeyButtonDisabled)
        #expect(model.errorMessage == nil)
    }
}

extension Gate {
    /// Waits for the gate even when the waiting task was cancelled (a server that answers anyway).
    func waitIgnoringCancellation() async {
        await Task.detached { try? await self.wait() }.value
    }
}
