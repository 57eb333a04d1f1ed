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
import Synchronization
import Testing

/// `FirebaseAuthClient.signInWithIdToken` over a scripted Identity Toolkit: `signInWithIdp`'s
/// body, the session, `needConfirmation`, Firebase's refusals, and the display name update.
@Suite("ID token sign-in: Firebase")
struct FirebaseIDTokenSignInTests {
    let clock = FixedClock()

    static func idpAnswer(isNewUser: Bool) -> String {
        #"{"kind":"identitytoolkit#VerifyAssertionResponse","providerId":"apple.com","federatedId":"https://appleid.apple.com/000123.abc","localId":"uid-1","email":"alice@example.com","emailVerified":true,"idToken":"id-apple","refreshToken":"refresh-apple","expiresIn":"3600","isNewUser":\#(isNewUser),"oauthIdToken":"eyJ.apple"}"#
    }

    /// The fields of a form-encoded `postBody`, decoded.
    static func fields(_ postBody: String) -> [String: String] {
        var fields: [String: String] = [:]
        for item in URLComponents(string: "?" + postBody)?.queryItems ?? [] { fields[item.name] = item.value }
        return fields
    }

    @Test func theTokenGoesInPostBodyWithTheRawNonceThenTheUserIsLookedUp() async throws {
        let server = ScriptedFirebase.server([
            "signInWithIdp": .json(Self.idpAnswer(isNewUser: true)), "lookup": .json(ScriptedFirebase.lookup),
        ])
        let client = ScriptedFirebase.client(server, clock: clock)
        let events = EventLog(client)
        let result = try await client.signInWithIdToken(provider: .apple, idToken: "eyJ.apple", nonce: "raw+nonce/=&x")

        #expect(server.requests.map { $0.url?.lastPathComponent } == ["accounts:signInWithIdp", "accounts:lookup"])
        let request = server.requests[0]
        #expect(
            request.url?.absoluteString == "https://auth.example.com/identitytoolkit.googleapis.com/v1/accounts:signInWithIdp?key=web-key")
        let body = try #require(request.jsonObject)
        #expect(body["requestUri"] as? String == "http://localhost")
        #expect(body["returnSecureToken"] as? Bool == true)
        #expect(body["returnIdpCredential"] as? Bool == true)
        let postBody = try #require(body["postBody"] as? String)
        #expect(postBody.hasPrefix("id_token=eyJ.apple&providerId=apple.com&nonce="))
        #expect(!postBody.contains("+") && !postBody.contains("/"), "the nonce is form-encoded: \(postBody)")
        #expect(Self.fields(postBody) == ["id_token": "eyJ.apple", "providerId": "apple.com", "nonce": "raw+nonce/=&x"])
        #expect(server.requests[1].jsonBody == ["idToken": "id-apple"])

        #expect(result.isNewUser == true)
        #expect(result.session.accessToken == "id-apple")
        #expect(result.session.refreshToken == "refresh-apple")
        #expect(result.session.expiresAt == Int64(clock.now.timeIntervalSince1970) + 3600)
        #expect(result.session.user.id == "uid-1")
        #expect(await client.currentSession() == result.session)
        #expect(await events.wait(count: 1) == [.signedIn])
    }

    @Test func aReturningAccountIsNotNewAndAGoogleAccessTokenRidesAlong() async throws {
        let server = ScriptedFirebase.server([
            "signInWithIdp": .json(Self.idpAnswer(isNewUser: false)), "lookup": .json(ScriptedFirebase.lookup),
        ])
        let client = ScriptedFirebase.client(server, clock: clock)
        let result = try await client.signInWithIdToken(provider: .google, idToken: "g-id", nonce: nil, accessToken: "g-access")
        #expect(result.isNewUser == false)
        let postBody = try #require(server.requests[0].jsonObject?["postBody"] as? String)
        #expect(Self.fields(postBody) == ["id_token": "g-id", "providerId": "google.com", "access_token": "g-access"])
    }

    @Test func needConfirmationIsATakenAddressAndKeepsNothing() async throws {
        let answer =
            #"{"kind":"identitytoolkit#VerifyAssertionResponse","providerId":"apple.com","email":"alice@example.com","needConfirmation":true}"#
        let server = ScriptedFirebase.server(["signInWithIdp": .json(answer), "lookup": .json(ScriptedFirebase.lookup)])
        let client = ScriptedFirebase.client(server, clock: clock)
        let error = await #expect(throws: AuthClientError.self) {
            try await client.signInWithIdToken(provider: .apple, idToken: "eyJ.apple", nonce: "n")
        }
        #expect(error?.apiError?.code == .emailExists)
        #expect(FederatedSignInText.message(for: try #require(error)) == FederatedSignInText.accountExistsWithOtherMethod)
        #expect(server.requests.map { $0.url?.lastPathComponent } == ["accounts:signInWithIdp"], "no lookup")
        #expect(await client.currentSession() == nil)
    }

    @Test(arguments: [
        ("INVALID_IDP_RESPONSE : the token's nonce does not match", AuthErrorCode.badIDToken, FederatedSignInText.notVerified),
        ("MISSING_OR_INVALID_NONCE", .badIDToken, FederatedSignInText.notVerified),
        (
            "OPERATION_NOT_ALLOWED : The identity provider configuration is not found.", .providerDisabled,
            FederatedSignInText.providerUnavailable
        ),
        ("INVALID_PROVIDER_ID", .oauthProviderNotSupported, FederatedSignInText.providerUnavailable),
        ("FEDERATED_USER_ID_ALREADY_LINKED", .identityAlreadyExists, FederatedSignInText.linkedElsewhere),
        ("EMAIL_EXISTS", .emailExists, FederatedSignInText.accountExistsWithOtherMethod),
    ])
    func refusalsAreTypedAndWorded(message: String, code: AuthErrorCode, text: String) async throws {
        let server = ScriptedFirebase.server(["signInWithIdp": ScriptedFirebase.error(message)])
        let client = ScriptedFirebase.client(server, clock: clock)
        let error = await #expect(throws: AuthClientError.self) {
            try await client.signInWithIdToken(provider: .apple, idToken: "eyJ.apple", nonce: "n")
        }
        #expect(error?.apiError?.code == code)
        #expect(FederatedSignInText.message(for: try #require(error)) == text)
        #expect(await client.currentSession() == nil)
    }

    @Test func aRefusalInsideA200AnswerIsStillARefusal() async throws {
        let answer = #"{"kind":"identitytoolkit#VerifyAssertionResponse","errorMessage":"FEDERATED_USER_ID_ALREADY_LINKED"}"#
        let server = ScriptedFirebase.server(["signInWithIdp": .json(answer), "lookup": .json(ScriptedFirebase.lookup)])
        let client = ScriptedFirebase.client(server, clock: clock)
        let error = await #expect(throws: AuthClientError.self) {
            try await client.signInWithIdToken(provider: .apple, idToken: "eyJ.apple", nonce: "n")
        }
        #expect(error?.apiError?.code == .identityAlreadyExists)
        #expect(await client.currentSession() == nil)
    }

    @Test func theFullNameBecomesTheDisplayName() async throws {
        let named = ScriptedFirebase.lookup.replacingOccurrences(
            of: #""email":"alice@example.com","emailVerified""#,
            with: #""email":"alice@example.com","displayName":"Alice Liddell","emailVerified""#)
        #expect(named != ScriptedFirebase.lookup)
        let lookups = LookupSequence([ScriptedFirebase.lookup, named])
        let server = ScriptedGoTrue { request in
            switch request.url?.lastPathComponent {
            case "accounts:signInWithIdp": return .json(Self.idpAnswer(isNewUser: true))
            case "accounts:lookup": return .json(lookups.next())
            case "accounts:update": return .json(#"{"kind":"identitytoolkit#SetAccountInfoResponse","localId":"uid-1"}"#)
            default: return .json(#"{"error":{"code":404,"message":"NOT_FOUND"}}"#, status: 404)
            }
        }
        let client = ScriptedFirebase.client(server, clock: clock)
        let events = EventLog(client)
        try await client.signInWithIdToken(provider: .apple, idToken: "eyJ.apple", nonce: "n")
        let user = try await client.updateUserMetadata([
            "full_name": .string("Alice Liddell"), "given_name": .string("Alice"), "family_name": .string("Liddell"),
        ])

        let update = try #require(server.requests.first { $0.url?.lastPathComponent == "accounts:update" })
        #expect(update.jsonBody == ["idToken": "id-apple", "displayName": "Alice Liddell"])
        #expect(user.userMetadata["display_name"] == .string("Alice Liddell"))
        #expect(await client.currentSession()?.user.userMetadata["display_name"] == .string("Alice Liddell"))
        #expect(await events.wait(count: 2) == [.signedIn, .userUpdated])
    }
}

/// Answers its bodies in order, then the last one again.
private final class LookupSequence: Sendable {
    private let bodies: [String]
    private let served = Mutex(0)

    init(_ bodies: [String]) { self.bodies = bodies }

    func next() -> String {
        served.withLock { count in
            defer { count += 1 }
            return bodies[min(count, bodies.count - 1)]
        }
    }
}
