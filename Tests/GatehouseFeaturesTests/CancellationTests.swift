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
import GatehouseTestSupport
import Synchronization
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Spec 001's cancellation item: leaving a screen cancels its request, and a
/// sign-in or sign-up whose answer arrives after that stores no session.
@MainActor
@Suite("Leaving a screen cancels its request")
struct CancellationTests {
    /// Holds every request until the test releases it, ignoring cancellation (as a server that
    /// already answered does), then answers with a session, and counts `/logout` calls.
    final class LateServer: HTTPTransport {
        private let release = Mutex<CheckedContinuation<Void, Never>?>(nil)
        private let received = Mutex<[String]>([])
        private let released = Atomic<Bool>(false)
        /// Whether a request is held, waiting for `answer()`.
        let holding = Watched(false)

        var paths: [String] { received.withLock { $0 } }

        func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
            let path = request.url!.path
            received.withLock { $0.append(path) }
            if path.hasSuffix("/token") || path.hasSuffix("/signup") {
                await withCheckedContinuation { continuation in
                    if released.load(ordering: .relaxed) {
                        continuation.resume()
                    } else {
                        release.withLock { $0 = continuation }
                        holding.update { $0 = true }
                    }
                }
            }
            let body = path.hasSuffix("/logout") ? "" : Self.sessionJSON
            let status = path.hasSuffix("/logout") ? 204 : 200
            return (Data(body.utf8), HTTPURLResponse(url: request.url!, statusCode: status, httpVersion: "HTTP/1.1", headerFields: nil)!)
        }

        func answer() {
            released.store(true, ordering: .relaxed)
            release.withLock {
                $0?.resume()
                $0 = nil
            }
        }

        static let sessionJSON = """
            {"access_token": "late.access.token", "token_type": "bearer", "expires_in": 3600, "expires_at": 4102444800,
             "refresh_token": "late-refresh", "user": {"id": "u1", "aud": "authenticated", "role": "authenticated",
             "email": "user@example.com", "phone": "", "email_confirmed_at": "2026-01-01T00:00:00Z", "app_metadata": {},
             "user_metadata": {}, "identities": [], "created_at": "2026-01-01T00:00:00Z", "updated_at": "2026-01-01T00:00:00Z"}}
            """
    }

    let server = LateServer()
    let storage = MemorySessionStorage()

    func client() -> AuthClient {
        var configuration = AuthClientConfiguration(url: URL(string: "https://auth.example.com")!, storage: storage)
        configuration.autoRefreshToken = false
        configuration.transport = server
        return AuthClient(configuration: configuration)
    }

    func waitUntilTheRequestIsOut() async {
        #expect(await server.holding.wait { $0 })
    }

    /// Blocks the main actor (so the model cannot resume) until the client has stored the
    /// late session: the answer landed, the screen is already gone.
    func waitUntilTheClientStoredTheSession(_ auth: AuthClient) {
        // Bounded at 120 s: the store happens on the cooperative pool, which the whole parallel
        // suite shares; on a loaded machine it once took more than 2 s, and once more than 10.
        for _ in 0..<60_000 where storage.load(key: auth.configuration.storageKey) == nil { usleep(2000) }
        #expect(storage.load(key: auth.configuration.storageKey) != nil)
    }

    // MARK: The answer lands, then the user leaves before the page saw it

    @Test func aLoginThatFinishesAfterTheUserLeftStoresNoSession() async throws {
        let auth = client()
        let model = LoginModel(auth: auth, clock: ManualClock(), rememberMe: true)
        model.email = "user@example.com"
        model.password = "correct-horse-battery"
        let submit = Task { await model.submit() }
        await waitUntilTheRequestIsOut()
        server.answer()
        waitUntilTheClientStoredTheSession(auth)
        submit.cancel()
        await submit.value
        #expect(model.destination == nil)
        #expect(model.phase == .idle)
        #expect(await auth.currentSession() == nil)
        #expect(storage.load(key: auth.configuration.storageKey) == nil)
        // The late session is also ended on the server.
        #expect(server.paths.last?.hasSuffix("/logout") == true, "\(server.paths)")
    }

    @Test func aSignUpThatFinishesAfterTheUserLeftStoresNoSession() async throws {
        let auth = client()
        let model = SignUpModel(auth: auth, clock: ManualClock(), rememberMe: true)
        model.email = "user@example.com"
        model.password = "correct-horse-battery"
        let submit = Task { await model.submit() }
        await waitUntilTheRequestIsOut()
        server.answer()
        waitUntilTheClientStoredTheSession(auth)
        submit.cancel()
        await submit.value
        #expect(model.destination == nil)
        #expect(model.phase == .form)
        #expect(await auth.currentSession() == nil)
        #expect(storage.load(key: auth.configuration.storageKey) == nil)
    }

    // MARK: Cancelling the task that runs submit (a view's `.task`, a Task the view cancels)

    @Test func aLoginWhoseTaskWasCancelledStoresNoSession() async throws {
        let auth = client()
        let model = LoginModel(auth: auth, clock: ManualClock(), rememberMe: true)
        model.email = "user@example.com"
        model.password = "correct-horse-battery"
        let submit = Task { await model.submit() }
        await waitUntilTheRequestIsOut()
        submit.cancel()
        server.answer()
        await submit.value
        #expect(model.destination == nil)
        #expect(model.phase == .idle)
        #expect(await auth.currentSession() == nil)
        #expect(storage.load(key: auth.configuration.storageKey) == nil)
    }

    @Test func aSignUpWhoseTaskWasCancelledStoresNoSession() async throws {
        let auth = client()
        let model = SignUpModel(auth: auth, clock: ManualClock(), rememberMe: true)
        model.email = "user@example.com"
        model.password = "correct-horse-battery"
        let submit = Task { await model.submit() }
        await waitUntilTheRequestIsOut()
        submit.cancel()
        server.answer()
        await submit.value
        #expect(model.destination == nil)
        #expect(model.phase == .form)
        #expect(await auth.currentSession() == nil)
    }

    // MARK: The model's own cancel(), as the views call it in .onDisappear

    @Test func cancelEndsTheLoginModelsRequestAndALateSession() async throws {
        let auth = client()
        let model = LoginModel(auth: auth, clock: ManualClock(), rememberMe: true)
        model.email = "user@example.com"
        model.password = "correct-horse-battery"
        // The button's task: nothing cancels it when the screen goes away.
        let tap = Task { await model.submit() }
        await waitUntilTheRequestIsOut()
        server.answer()
        waitUntilTheClientStoredTheSession(auth)
        model.cancel()
        await tap.value
        #expect(model.destination == nil && model.errorMessage == nil)
        #expect(await auth.currentSession() == nil)
    }

    @Test func cancelEndsAHangingSignInAtOnce() async {
        let stub = StubAuthClient()
        stub.signInOutcome = .hang
        let model = LoginModel(auth: stub, clock: ManualClock())
        model.email = "user@example.com"
        model.password = "correct-horse-battery"
        let tap = Task { await model.submit() }
        #expect(await eventually { model.isLoading })
        model.cancel()
        await tap.value
        #expect(model.phase == .idle && model.errorMessage == nil && model.destination == nil)
    }

    @Test func cancelEndsAHangingSignUp() async {
        let stub = StubAuthClient()
        stub.outcome = .hang
        let model = SignUpModel(auth: stub, clock: ManualClock())
        model.email = "user@example.com"
        model.password = "correct-horse-battery"
        let tap = Task { await model.submit() }
        #expect(await eventually { model.isLoading })
        model.cancel()
        await tap.value
        #expect(model.phase == .form && model.errorMessage == nil && model.destination == nil)
    }

    @Test func cancelEndsAHangingResetRequest() async {
        let service = StubResetService()
        service.outcome = .hang
        let model = ForgotPasswordModel(service: service, clock: ManualClock(), prefillEmail: "user@example.com")
        let tap = Task { await model.submit() }
        #expect(await eventually { model.isLoading })
        model.cancel()
        await tap.value
        #expect(!model.isLoading && model.phase == .form && model.errorMessage == nil)
    }

    @Test func cancelEndsAHangingLinkRedemption() async {
        let stub = StubAuthClient()
        stub.outcome = .hang
        let model = ResetPasswordModel(auth: stub, source: .link(URL(string: "myapp://reset?code=abc")!), clock: ManualClock())
        let open = Task { await model.open() }
        for _ in 0..<200 { await Task.yield() }
        model.cancel()
        await open.value
        #expect(model.errorMessage == nil && model.phase == .verifying)
    }

    @Test func aSecondTapDoesNotHideTheRunningRequestFromCancel() async {
        let service = StubResetService()
        service.outcome = .hang
        let model = ForgotPasswordModel(service: service, clock: ManualClock(), prefillEmail: "user@example.com")
        let first = Task { await model.submit() }
        #expect(await eventually { model.isLoading })
        await model.submit()  // ignored while the first runs
        model.cancel()
        await first.value
        #expect(!model.isLoading && service.calls.count == 1)
    }
}
