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
import Synchronization
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `SignInWithAppleModel` with a fake Apple credential, over a real `AuthClient` (a scripted
/// GoTrue) or `FirebaseAuthClient`: the nonce it makes, keeps and sends, the name Apple gives on
/// the first sign-in, errors, cancellation.
@MainActor
@Suite("SignInWithAppleModel")
struct SignInWithAppleModelTests {
    let clock = ManualClock()

    func model(_ server: AppleGoTrue) -> (SignInWithAppleModel, AuthClient) {
        var configuration = AuthClientConfiguration(url: URL(string: "https://auth.example.com/auth/v1")!, storage: MemorySessionStorage())
        configuration.transport = server
        configuration.autoRefreshToken = false
        let client = AuthClient(configuration: configuration)
        return (SignInWithAppleModel(auth: client, clock: clock), client)
    }

    static let token = "eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiIwMDAxMjMifQ.c2ln"

    static func credential(name: (String, String)? = nil, token: String? = token) -> AppleIDCredential {
        var components: PersonNameComponents?
        if let name {
            components = PersonNameComponents()
            components?.givenName = name.0
            components?.familyName = name.1
        }
        return AppleIDCredential(
            user: "000123.abc", identityToken: token.map { Data($0.utf8) }, fullName: components, email: "x@privaterelay.appleid.com")
    }

    @Test func theHashGoesToAppleAndTheKeptRawNonceToTheServer() async throws {
        let server = AppleGoTrue()
        let (model, client) = model(server)
        let hashed = model.nonceForRequest()
        #expect(hashed.count == 64 && hashed.allSatisfy { "0123456789abcdef".contains($0) })
        #expect(model.nonceForRequest() != hashed, "each request has its own nonce")
        let current = model.nonceForRequest()

        await model.complete(with: .success(Self.credential()))

        let body = try #require(server.bodies(path: "/token").first)
        #expect(server.queries(path: "/token") == ["grant_type=id_token"])
        #expect(body["provider"] as? String == "apple")
        #expect(body["id_token"] as? String == Self.token)
        let raw = try #require(body["nonce"] as? String)
        #expect(raw != current, "the raw nonce, not its hash, goes to the server")
        #expect(raw.count == 43)
        #expect(IDTokenNonce(raw: raw).hashed == current, "Apple got the SHA-256 of exactly what the server receives")

        #expect(model.phase == .signedIn)
        #expect(model.destination == .dashboard)
        #expect(model.signedInUser?.email == "alice@example.com")
        #expect(model.errorMessage == nil)
        #expect(model.signals.announcement?.text == UserFacingText.Login.signedInAnnouncement)
        #expect(await client.currentSession()?.accessToken == "access-apple")
    }

    @Test func aNonceIsUsedOnceAndNoneMeansNoRequest() async throws {
        let server = AppleGoTrue()
        let (model, _) = model(server)
        await model.complete(with: .success(Self.credential()))
        #expect(model.errorMessage == FederatedSignInText.appleFailed, "no request was prepared")
        #expect(server.paths.isEmpty)

        _ = model.nonceForRequest()
        #expect(model.errorMessage == nil, "a new request clears the last failure")
        server.failToken(with: (500, #"{"code":"unexpected_failure","message":"boom"}"#))
        await model.complete(with: .success(Self.credential()))
        #expect(model.errorMessage == UserFacingText.serverError)
        await model.complete(with: .success(Self.credential()))
        #expect(model.errorMessage == FederatedSignInText.appleFailed, "the nonce went with the first try")
        #expect(server.paths == ["/auth/v1/token"])
    }

    @Test func aCredentialWithoutATokenIsAFailureAndSendsNothing() async {
        let server = AppleGoTrue()
        let (model, _) = model(server)
        _ = model.nonceForRequest()
        await model.complete(with: .success(Self.credential(token: nil)))
        #expect(model.errorMessage == FederatedSignInText.appleFailed)
        #expect(model.phase == .idle)
        #expect(server.paths.isEmpty)
    }

    @Test func closingApplesSheetIsNotAnError() async {
        let server = AppleGoTrue()
        let (model, _) = model(server)
        _ = model.nonceForRequest()
        let signals = model.signals
        await model.complete(with: .failure(SignInWithAppleError.cancelled))
        #expect(model.errorMessage == nil)
        #expect(model.phase == .idle)
        #expect(model.destination == nil)
        #expect(model.signals == signals, "no haptic, no announcement")
        #expect(server.paths.isEmpty)

        await model.complete(with: .failure(SignInWithAppleError.failed("ASAuthorizationError 1000")))
        #expect(model.errorMessage == FederatedSignInText.appleFailed)
        #expect(model.signals.feedback?.kind == .error)
    }

    @Test func theNameOfTheFirstSignInIsWrittenToTheAccount() async throws {
        let server = AppleGoTrue()
        let (model, client) = model(server)
        _ = model.nonceForRequest()
        await model.complete(with: .success(Self.credential(name: ("Alice", "Liddell"))))

        let data = try #require(server.bodies(path: "/user").first?["data"] as? [String: String])
        #expect(data == ["full_name": "Alice Liddell", "given_name": "Alice", "family_name": "Liddell"])
        #expect(model.signedInUser?.userMetadata["full_name"] == .string("Alice Liddell"))
        #expect(model.pendingName == nil)
        #expect(await client.currentSession()?.user.userMetadata["full_name"] == .string("Alice Liddell"))
    }

    @Test func laterSignInsWithoutANameWriteNothing() async throws {
        let server = AppleGoTrue()
        let (model, _) = model(server)
        _ = model.nonceForRequest()
        await model.complete(with: .success(Self.credential()))
        #expect(model.phase == .signedIn)
        #expect(server.paths == ["/auth/v1/token"], "no name to keep: no update")
    }

    @Test func anAccountThatAlreadyHasANameKeepsIt() async throws {
        let server = AppleGoTrue(metadata: #"{"full_name":"Alice L."}"#)
        let (model, _) = model(server)
        _ = model.nonceForRequest()
        await model.complete(with: .success(Self.credential(name: ("Alice", "Liddell"))))
        #expect(model.phase == .signedIn)
        #expect(server.paths == ["/auth/v1/token"])
        #expect(model.pendingName == nil)
        #expect(model.signedInUser?.userMetadata["full_name"] == .string("Alice L."))
    }

    @Test func aNameGivenToAFailedSignInIsWrittenByTheNextOne() async throws {
        let server = AppleGoTrue()
        let (model, _) = model(server)
        server.failToken(with: (503, "gateway down"))
        _ = model.nonceForRequest()
        await model.complete(with: .success(Self.credential(name: ("Alice", "Liddell"))))
        #expect(model.errorMessage == UserFacingText.serverError)
        #expect(model.pendingName?.fullName == "Alice Liddell", "Apple will not send it again")

        server.failToken(with: nil)
        _ = model.nonceForRequest()
        await model.complete(with: .success(Self.credential()))
        let data = try #require(server.bodies(path: "/user").first?["data"] as? [String: String])
        #expect(data["full_name"] == "Alice Liddell")
        #expect(model.pendingName == nil)
    }

    @Test func aFailedNameWriteDoesNotUndoTheSignIn() async throws {
        let server = AppleGoTrue(userAnswer: (500, #"{"code":"unexpected_failure","message":"boom"}"#))
        let (model, client) = model(server)
        _ = model.nonceForRequest()
        await model.complete(with: .success(Self.credential(name: ("Alice", "Liddell"))))
        #expect(model.phase == .signedIn)
        #expect(model.errorMessage == nil)
        #expect(model.pendingName?.fullName == "Alice Liddell")
        #expect(await client.currentSession() != nil)
    }

    @Test(arguments: [
        ((422, #"{"code":"email_exists","message":"Email address already registered"}"#), FederatedSignInText.accountExistsWithOtherMethod),
        ((400, #"{"error":"invalid request","error_description":"Bad ID token"}"#), FederatedSignInText.notVerified),
        ((400, #"{"code":"provider_disabled","message":"Provider is not enabled"}"#), FederatedSignInText.providerUnavailable),
        ((400, #"{"code":"provider_email_needs_verification","message":"Unverified email"}"#), FederatedSignInText.confirmEmail),
    ])
    func refusalsAreShownInTheSDKsWords(answer: (Int, String), text: String) async {
        let server = AppleGoTrue()
        server.failToken(with: answer)
        let (model, client) = model(server)
        _ = model.nonceForRequest()
        await model.complete(with: .success(Self.credential()))
        #expect(model.errorMessage == text)
        #expect(model.phase == .idle)
        #expect(model.destination == nil)
        #expect(model.signals.announcement?.text == text)
        #expect(await client.currentSession() == nil)
    }

    @Test func leavingThePageEndsTheRequestQuietly() async throws {
        let gate = Gate()
        let server = AppleGoTrue(gate: gate)
        let (model, client) = model(server)
        _ = model.nonceForRequest()
        let running = Task { await model.complete(with: .success(Self.credential())) }
        #expect(await eventually { model.phase == .inProgress })
        #expect(model.isButtonDisabled)
        model.cancel()
        await running.value
        gate.open()
        #expect(model.phase == .idle)
        #expect(model.destination == nil)
        #expect(model.errorMessage == nil, "leaving is not a failure")
        #expect(await client.currentSession() == nil)
    }

    @Test func firebaseSaysTheAccountIsNewAndTheNameBecomesItsDisplayName() async throws {
        let firebase = FirebaseStub()
        let idp =
            #"{"kind":"identitytoolkit#VerifyAssertionResponse","providerId":"apple.com","localId":"uid-1","email":"alice@example.com","displayName":"Apple User","idToken":"id-1","refreshToken":"refresh-1","expiresIn":"3600","isNewUser":true}"#
        firebase.answer("signInWithIdp", idp)
        firebase.answer(
            "lookup",
            #"{"users":[{"localId":"uid-1","email":"alice@example.com","displayName":"Apple User","emailVerified":true,"createdAt":"1767000000000"}]}"#
        )
        firebase.answer("update", #"{"localId":"uid-1","displayName":"Alice Liddell"}"#)
        var configuration = FirebaseAuthConfiguration(endpoints: FirebaseStub.endpoints, storage: MemorySessionStorage())
        configuration.transport = firebase
        let model = SignInWithAppleModel(auth: FirebaseAuthClient(configuration: configuration), clock: clock)
        _ = model.nonceForRequest()
        await model.complete(with: .success(Self.credential(name: ("Alice", "Liddell"))))

        #expect(model.phase == .signedIn)
        #expect(firebase.calls == ["signInWithIdp", "lookup", "update", "lookup"], "a new account takes Apple's name")
        let update = try #require(firebase.body(of: "update"))
        #expect(update.contains(#""displayName":"Alice Liddell""#))
        #expect(model.pendingName == nil)
    }
}

/// A GoTrue that answers the ID-token grant with alice's session (user metadata as given), a
/// user update with the metadata merged, and anything else with 204.
final class AppleGoTrue: HTTPTransport {
    private struct State {
        var requests: [(path: String, query: String, body: Data)] = []
        var tokenFailure: (Int, String)?
    }

    private let state = Mutex(State())
    private let metadata: String
    private let userAnswer: (Int, String)?
    private let gate: Gate?

    init(metadata: String = "{}", userAnswer: (Int, String)? = nil, gate: Gate? = nil) {
        self.metadata = metadata
        self.userAnswer = userAnswer
        self.gate = gate
    }

    func failToken(with answer: (Int, String)?) { state.withLock { $0.tokenFailure = answer } }

    var paths: [String] { state.withLock { $0.requests.map(\.path) } }
    func queries(path: String) -> [String] { state.withLock { $0.requests.filter { $0.path.hasSuffix(path) }.map(\.query) } }
    func bodies(path: String) -> [[String: Any]] {
        let bodies = state.withLock { $0.requests.filter { $0.path.hasSuffix(path) }.map(\.body) }
        return bodies.map { (try? JSONSerialization.jsonObject(with: $0) as? [String: Any]) ?? [:] }
    }

    func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
        let path = request.url?.path ?? ""
        let raw = request.httpBody ?? Data()
        let body = (try? JSONSerialization.jsonObject(with: raw) as? [String: Any]) ?? [:]
        let failure = state.withLock { state in
            state.requests.append((path, request.url?.query ?? "", raw))
            return state.tokenFailure
        }
        let (status, answer): (Int, String)
        if path.hasSuffix("/token") {
            try await gate?.wait()
            (status, answer) = failure ?? (200, session())
        } else if path.hasSuffix("/user") {
            let data = (body["data"] as? [String: String]) ?? [:]
            let merged =
                data.isEmpty
                ? metadata : String(decoding: try JSONSerialization.data(withJSONObject: data, options: .sortedKeys), as: UTF8.self)
            (status, answer) = userAnswer ?? (200, Self.user(metadata: merged))
        } else {
            (status, answer) = (204, "")
        }
        let headers = ["Content-Type": "application/json", "X-Supabase-Api-Version": "2024-01-01"]
        return (Data(answer.utf8), HTTPURLResponse(url: request.url!, statusCode: status, httpVersion: "HTTP/1.1", headerFields: headers)!)
    }

    static func user(metadata: String) -> String {
        #"{"id":"aaaaaaaa-0000-4000-8000-000000000001","aud":"authenticated","role":"authenticated","email":"alice@example.com","email_confirmed_at":"2026-01-01T00:00:00Z","app_metadata":{"provider":"apple"},"user_metadata":\#(metadata),"identities":[],"created_at":"2026-01-01T00:00:00Z","updated_at":"2026-01-01T00:00:00Z"}"#
    }

    private func session() -> String {
        let expiresAt = Int64(Date().timeIntervalSince1970) + 3600
        return
            #"{"access_token":"access-apple","token_type":"bearer","expires_in":3600,"expires_at":\#(expiresAt),"refresh_token":"refresh-apple","user":\#(Self.user(metadata: metadata))}"#
    }
}
