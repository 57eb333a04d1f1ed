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
import Testing

/// `AuthClient.signInWithIdToken` over a scripted GoTrue: the request it sends, the session it
/// keeps, GoTrue's refusals in the SDK's words, the metadata write, and the nonce it is given.
@Suite("ID token sign-in: GoTrue")
struct IDTokenSignInTests {
    let clock = FixedClock()

    func server(_ token: ScriptedGoTrue.Answer) -> ScriptedGoTrue {
        ScriptedGoTrue { request in
            let path = request.url?.path ?? ""
            if path.hasSuffix("/token") { return token }
            if path.hasSuffix("/user"), request.httpMethod == "PUT" {
                let user = Scripted.userJSON(id: Scripted.alice, email: "alice@example.com")
                    .replacingOccurrences(of: #""user_metadata":{}"#, with: #""user_metadata":{"full_name":"Alice Liddell"}"#)
                return .json(user)
            }
            return .error("not_found", status: 404)
        }
    }

    var session: ScriptedGoTrue.Answer {
        .json(Scripted.session("apple", id: Scripted.alice, expiresAt: clock.now.addingTimeInterval(3600)))
    }

    @Test func theTokenAndTheRawNonceArePostedToTheIDTokenGrant() async throws {
        let server = server(session)
        let client = Scripted.client(server, clock: clock)
        let events = EventLog(client)
        let result = try await client.signInWithIdToken(provider: .apple, idToken: "eyJ.apple.token", nonce: "raw-nonce-1")

        let request = try #require(server.requests.first)
        #expect(request.httpMethod == "POST")
        #expect(request.url?.absoluteString == "https://auth.example.com/auth/v1/token?grant_type=id_token")
        #expect(request.value(forHTTPHeaderField: "Content-Type") == "application/json")
        let body = try #require(request.jsonObject)
        #expect(body.count == 3, "nothing else is sent: \(body)")
        #expect(body["provider"] as? String == "apple")
        #expect(body["id_token"] as? String == "eyJ.apple.token")
        #expect(body["nonce"] as? String == "raw-nonce-1")

        #expect(result.session.accessToken == "access-apple")
        #expect(result.isNewUser == nil, "GoTrue's answer does not say")
        #expect(await client.currentSession() == result.session)
        #expect(await events.wait(count: 1) == [.signedIn])
    }

    @Test func anAccessTokenGoesAlongAndAnotherProviderIsNamedByItsWireName() async throws {
        let server = server(session)
        let client = Scripted.client(server, clock: clock)
        try await client.signInWithIdToken(
            provider: .openIDConnect("acme"), idToken: "id", nonce: nil, accessToken: "provider-access", rememberMe: false)
        let body = try #require(server.requests.first?.jsonObject)
        #expect(body["provider"] as? String == "acme")
        #expect(body["access_token"] as? String == "provider-access")
        #expect(body["nonce"] == nil, "no nonce key without a nonce")
        #expect(ExternalProvider.openIDConnect("acme").firebaseProviderId == "oidc.acme")
    }

    @Test(arguments: [
        (
            #"{"error":"invalid request","error_description":"Bad ID token"}"#, 400, AuthErrorCode.badIDToken,
            FederatedSignInText.notVerified
        ),
        (#"{"error":"invalid nonce","error_description":"Nonces mismatch"}"#, 400, .badIDToken, FederatedSignInText.notVerified),
        (
            #"{"code":"bad_id_token","message":"the token's signature is not the issuer's"}"#, 400, .badIDToken,
            FederatedSignInText.notVerified
        ),
        (
            #"{"code":"provider_disabled","message":"Provider (issuer) is not enabled"}"#, 400, .providerDisabled,
            FederatedSignInText.providerUnavailable
        ),
        (
            #"{"code":"provider_email_needs_verification","message":"Unverified email"}"#, 400, .providerEmailNeedsVerification,
            FederatedSignInText.confirmEmail
        ),
        (
            #"{"code":"email_exists","message":"Email address already registered"}"#, 422, .emailExists,
            FederatedSignInText.accountExistsWithOtherMethod
        ),
    ])
    func refusalsAreTypedAndWorded(body: String, status: Int, code: AuthErrorCode, text: String) async throws {
        let server = server(.json(body, status: status))
        let client = Scripted.client(server, clock: clock)
        let error = await #expect(throws: AuthClientError.self) {
            try await client.signInWithIdToken(provider: .apple, idToken: "id", nonce: "n")
        }
        #expect(error?.apiError?.code == code)
        #expect(error?.apiError?.status == status)
        #expect(FederatedSignInText.message(for: try #require(error)) == text)
        #expect(await client.currentSession() == nil, "nothing is kept")
    }

    @Test func aTakenAddressReadsAsTheSignUpTextOutsideAProviderSignIn() {
        let error = AuthClientError.api(APIError(status: 422, code: .emailExists, message: "Email address already registered"))
        #expect(error.userFacingMessage == UserFacingText.accountAlreadyExists)
        #expect(FederatedSignInText.message(for: error) == FederatedSignInText.accountExistsWithOtherMethod)
        let limited = AuthClientError.api(APIError(status: 429, code: .overRequestRateLimit, message: "slow down", retryAfter: 30))
        #expect(FederatedSignInText.message(for: limited) == UserFacingText.tooManyRequests(retryAfterSeconds: 30))
    }

    @Test func metadataIsMergedThroughTheUserUpdate() async throws {
        let server = server(session)
        let client = Scripted.client(server, clock: clock)
        let events = EventLog(client)
        try await client.signInWithIdToken(provider: .apple, idToken: "id", nonce: "n")
        let user = try await client.updateUserMetadata(["full_name": .string("Alice Liddell"), "given_name": .string("Alice")])

        let request = try #require(server.requests(path: "/user").first)
        #expect(request.httpMethod == "PUT")
        #expect(request.bearer == "access-apple")
        let data = try #require(request.jsonObject?["data"] as? [String: Any])
        #expect(data["full_name"] as? String == "Alice Liddell")
        #expect(data["given_name"] as? String == "Alice")
        #expect(user.userMetadata["full_name"] == .string("Alice Liddell"))
        #expect(await client.currentSession()?.user.userMetadata["full_name"] == .string("Alice Liddell"))
        #expect(await events.wait(count: 2) == [.signedIn, .userUpdated])
    }

    @Test func aClientWithoutProviderSignInAnswersAsAServerWithItOff() async throws {
        let error = await #expect(throws: AuthClientError.self) {
            try await NoProviderClient().signInWithIdToken(provider: .apple, idToken: "id", nonce: nil, accessToken: nil, rememberMe: true)
        }
        #expect(error?.apiError?.code == .providerDisabled)
        #expect(error?.userFacingMessage == FederatedSignInText.providerUnavailable)
    }
}

@Suite("ID token nonce")
struct IDTokenNonceTests {
    @Test func theHashIsSHA256HexOfTheRawNonce() {
        // FIPS 180-2's "abc" vector, as lowercase hex.
        #expect(IDTokenNonce(raw: "abc").hashed == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(IDTokenNonce(raw: "").hashed == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
    }

    @Test func freshNoncesAre32RandomBytesURLSafe() {
        let one = IDTokenNonce.make()
        let two = IDTokenNonce.make()
        #expect(one != two)
        #expect(one.raw.count == 43, "32 bytes as base64url without padding")
        #expect(
            Data(base64Encoded: one.raw.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/") + "=")?.count
                == 32)
        #expect(one.raw.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") })
        #expect(one.hashed.count == 64)
        #expect(one.hashed.allSatisfy { "0123456789abcdef".contains($0) })
    }

    @Test func printingANonceHidesTheRawValue() {
        let nonce = IDTokenNonce(raw: "secret-raw-nonce")
        #expect(!String(describing: nonce).contains("secret-raw-nonce"))
        #expect(!String(reflecting: nonce).contains("secret-raw-nonce"))
        var dumped = ""
        dump(nonce, to: &dumped)
        #expect(!dumped.contains("secret-raw-nonce"))
    }
}

/// A client with nothing but the protocol's defaults for provider sign-in.
private struct NoProviderClient: AuthClientProtocol {
    func signUp(email: String, password: String, data: [String: JSONValue]?, redirectTo: URL?) async throws -> SignUpResult {
        throw AuthClientError.sessionMissing
    }
    func signIn(email: String, password: String, rememberMe: Bool) async throws -> Session { throw AuthClientError.sessionMissing }
    func signOut(scope: SignOutScope) async throws {}
    func resetPasswordForEmail(_ email: String, redirectTo: URL?) async throws {}
    func verifyOTP(email: String, token: String, type: OTPType) async throws -> Session { throw AuthClientError.sessionMissing }
    func session(from url: URL) async throws -> Session { throw AuthClientError.sessionMissing }
    func updatePassword(_ password: String) async throws -> User { throw AuthClientError.sessionMissing }
    func currentSession() async -> Session? { nil }
    func restoreSession() async -> Session? { nil }
    func authStateChanges() -> AsyncStream<AuthStateChange> { AsyncStream { $0.finish() } }
}
