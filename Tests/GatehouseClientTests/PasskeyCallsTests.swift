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

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The passkey calls (passkeys reference §2, §6): exact requests as supabase-swift sends them,
/// the answers decoded, the sign-in session kept and announced, and the errors' texts.
@Suite("GoTrue: passkeys")
struct PasskeyCallsTests {
    let clock = FixedClock()

    /// A client signed in as alice with a password, whose other requests `respond` answers.
    func signedIn(_ respond: @escaping @Sendable (URLRequest) -> ScriptedGoTrue.Answer) async throws -> (AuthClient, ScriptedGoTrue) {
        let server = ScriptedGoTrue { request in
            if request.url?.path.hasSuffix("/token") == true {
                return .json(Scripted.session("alice", id: Scripted.alice, expiresAt: clock.now + 3600))
            }
            return respond(request)
        }
        let client = Scripted.client(server, clock: clock) { $0.apiKey = "anon-key" }
        try await client.signIn(email: "alice@example.com", password: "pw-123456")
        return (client, server)
    }

    /// A client without a session (sign-in with a passkey needs only the API key).
    func signedOut(_ respond: @escaping @Sendable (URLRequest) -> ScriptedGoTrue.Answer) -> (AuthClient, ScriptedGoTrue) {
        let server = ScriptedGoTrue { respond($0) }
        return (Scripted.client(server, clock: clock) { $0.apiKey = "anon-key" }, server)
    }

    // MARK: Registration

    @Test func registrationOptionsArePostedWithoutABodyAndDecoded() async throws {
        let (client, server) = try await signedIn { _ in .json(ScriptedPasskeys.registrationOptions) }
        let options = try await client.getPasskeyRegistrationOptions()

        let request = try #require(server.requests(path: "/passkeys/registration/options").first)
        #expect(request.httpMethod == "POST")
        #expect(request.url?.path == "/auth/v1/passkeys/registration/options")
        #expect(request.httpBody == nil, "supabase-swift sends no body")
        #expect(request.bearer == "access-alice")
        #expect(request.value(forHTTPHeaderField: "apikey") == "anon-key")
        #expect(request.value(forHTTPHeaderField: "X-Supabase-Api-Version") == "2024-01-01")
        #expect(request.value(forHTTPHeaderField: "X-Client-Info")?.hasPrefix("gatehouse-swift/") == true)

        #expect(options.challengeId == ScriptedPasskeys.challengeID)
        #expect(options.expiresAt == 1_767_000_300)
        #expect(options.relyingPartyId == "example.com")
        #expect(options.relyingPartyName == "Gatehouse")
        #expect(options.challengeBytes == Data(0..<32))
        #expect(options.userIdBytes == Data(Scripted.alice.utf8), "the user handle is the UUID string's 36 bytes")
        #expect(options.userName == "alice@example.com")
        #expect(options.userDisplayName == "Alice")
        #expect(options.pubKeyCredParams.map(\.alg) == [-7, -257, -8])
        #expect(options.pubKeyCredParams.allSatisfy { $0.type == "public-key" })
        #expect(options.excludeCredentialIDs == [FakeCeremony.credentialID])
        // The options are kept whole, for other WebAuthn stacks.
        #expect(options.options.objectValue?["authenticatorSelection"]?.objectValue?["residentKey"]?.stringValue == "required")
    }

    @Test func registrationOptionsWithoutTheRelyingPartyAreRefused() async throws {
        let broken = ScriptedPasskeys.registrationOptions.replacingOccurrences(of: #""id":"example.com""#, with: #""x":"y""#)
        let (client, _) = try await signedIn { _ in .json(broken) }
        await #expect(throws: AuthClientError.malformedResponse("the registration options lack rp.id, challenge or user.id")) {
            try await client.getPasskeyRegistrationOptions()
        }
    }

    @Test func registerPasskeySendsTheCeremonysCredentialAndReturnsThePasskey() async throws {
        let (client, server) = try await signedIn { request in
            request.url?.path.hasSuffix("/options") == true ? .json(ScriptedPasskeys.registrationOptions) : .json(ScriptedPasskeys.passkey)
        }
        let ceremony = FakeCeremony()
        let passkey = try await client.registerPasskey(using: ceremony)

        #expect(ceremony.registrationOptions.map(\.challengeId) == [ScriptedPasskeys.challengeID])
        let verify = try #require(server.requests(path: "/passkeys/registration/verify").first)
        #expect(verify.httpMethod == "POST")
        #expect(verify.bearer == "access-alice")
        let body = try #require(verify.jsonObject)
        #expect(Set(body.keys) == ["challenge_id", "credential"])
        #expect(body["challenge_id"] as? String == ScriptedPasskeys.challengeID)
        let credential = try #require(body["credential"] as? [String: Any])
        #expect(credential["id"] as? String == "wP_uAfv_", "base64url without padding")
        #expect(credential["rawId"] as? String == "wP_uAfv_")
        #expect(credential["type"] as? String == "public-key")
        #expect(credential["authenticatorAttachment"] as? String == "platform")
        let response = try #require(credential["response"] as? [String: Any])
        #expect(response["clientDataJSON"] as? String == Base64URL.encode(Data(#"{"type":"webauthn.create"}"#.utf8)))
        #expect(response["attestationObject"] as? String == "o2NmbXQ")
        #expect(response["transports"] as? [String] == ["internal"])

        #expect(passkey.id == ScriptedPasskeys.passkeyID)
        #expect(passkey.friendlyName == "iCloud Keychain")
        #expect(passkey.createdAt == Timestamp(rfc3339: "2026-01-02T03:04:05Z"))
        #expect(passkey.lastUsedAt == nil)
    }

    @Test func registrationWithoutASessionSendsNothing() async throws {
        let (client, server) = signedOut { _ in .json("{}") }
        await #expect(throws: AuthClientError.sessionMissing) { try await client.getPasskeyRegistrationOptions() }
        await #expect(throws: AuthClientError.sessionMissing) { try await client.listPasskeys() }
        #expect(server.requests.isEmpty)
    }

    // MARK: Sign-in

    @Test func authenticationOptionsNeedOnlyTheAPIKey() async throws {
        let (client, server) = signedOut { _ in .json(ScriptedPasskeys.authenticationOptions) }
        let options = try await client.getPasskeyAuthenticationOptions()

        let request = try #require(server.requests.first)
        #expect(request.httpMethod == "POST")
        #expect(request.url?.path == "/auth/v1/passkeys/authentication/options")
        #expect(request.httpBody == nil)
        #expect(request.bearer == "anon-key")
        #expect(options.challengeId == ScriptedPasskeys.challengeID)
        #expect(options.expiresAt == 1_767_000_300)
        #expect(options.relyingPartyId == "example.com")
        #expect(options.challengeBytes == Data(0..<32))
        #expect(options.userVerification == "preferred")
        #expect(options.timeout == 300_000)
    }

    @Test func authenticationOptionsWithoutRpIdAreRefused() async throws {
        let broken = ScriptedPasskeys.authenticationOptions.replacingOccurrences(of: #""rpId":"example.com","#, with: "")
        let (client, _) = signedOut { _ in .json(broken) }
        await #expect(throws: AuthClientError.malformedResponse("the authentication options lack rpId or challenge")) {
            try await client.getPasskeyAuthenticationOptions()
        }
    }

    @Test func signInWithPasskeyKeepsAndAnnouncesTheSessionAsAPasswordSignIn() async throws {
        let (client, server) = signedOut { request in
            request.url?.path.hasSuffix("/options") == true
                ? .json(ScriptedPasskeys.authenticationOptions)
                : .json(Scripted.session("alice-passkey", id: Scripted.alice, expiresAt: clock.now + 3600))
        }
        let events = EventLog(client)
        let ceremony = FakeCeremony()
        let session = try await client.signInWithPasskey(using: ceremony)

        #expect(ceremony.authenticationOptions.first?.relyingPartyId == "example.com")
        let verify = try #require(server.requests(path: "/passkeys/authentication/verify").first)
        #expect(verify.httpMethod == "POST")
        #expect(verify.bearer == "anon-key", "no session is sent")
        let body = try #require(verify.jsonObject)
        #expect(body["challenge_id"] as? String == ScriptedPasskeys.challengeID)
        let credential = try #require(body["credential"] as? [String: Any])
        #expect(credential["id"] as? String == "wP_uAfv_")
        let response = try #require(credential["response"] as? [String: Any])
        #expect(response["userHandle"] as? String == ScriptedPasskeys.aliceHandle)
        #expect(response["signature"] as? String == "MEUC")
        #expect(response["authenticatorData"] as? String == Base64URL.encode(Data(repeating: 0x49, count: 37)))

        #expect(session.accessToken == "access-alice-passkey")
        #expect(await client.currentSession()?.accessToken == "access-alice-passkey")
        #expect(await events.wait(count: 1) == [.signedIn])
    }

    @Test func withoutRememberMeThePasskeySessionStaysInMemory() async throws {
        let storage = MemorySessionStorage()
        let server = ScriptedGoTrue { request in
            request.url?.path.hasSuffix("/options") == true
                ? .json(ScriptedPasskeys.authenticationOptions)
                : .json(Scripted.session("alice-passkey", id: Scripted.alice, expiresAt: clock.now + 3600))
        }
        let client = Scripted.client(server, clock: clock, storage: storage)
        try await client.signInWithPasskey(using: FakeCeremony(), rememberMe: false)
        #expect(await client.currentSession()?.accessToken == "access-alice-passkey")
        #expect(storage.load(key: client.configuration.storageKey) == nil, "as a password sign-in without remember me")
    }

    @Test func aCancelledCeremonySendsNoVerifyAndKeepsNoSession() async throws {
        let (client, server) = signedOut { _ in .json(ScriptedPasskeys.authenticationOptions) }
        await #expect(throws: PasskeyCeremonyError.cancelled) {
            try await client.signInWithPasskey(using: FakeCeremony(failing: .cancelled))
        }
        #expect(server.requests(path: "/verify").isEmpty)
        #expect(await client.currentSession() == nil)
    }

    // MARK: Management

    @Test func listUsesSupabaseSwiftsTrailingSlash() async throws {
        let second =
            #"{"id":"9a55c0de-0000-4000-8000-000000000002","created_at":"2026-02-01T00:00:00Z","last_used_at":"2026-03-01T00:00:00Z"}"#
        let (client, server) = try await signedIn { _ in .json("[\(ScriptedPasskeys.passkey),\(second)]") }
        let passkeys = try await client.listPasskeys()

        let request = try #require(server.requests.last)
        #expect(request.httpMethod == "GET")
        #expect(request.url?.absoluteString == "https://auth.example.com/auth/v1/passkeys/")
        #expect(request.bearer == "access-alice")
        #expect(passkeys.map(\.id) == [ScriptedPasskeys.passkeyID, "9a55c0de-0000-4000-8000-000000000002"])
        #expect(passkeys.last?.friendlyName == nil)
        #expect(passkeys.last?.lastUsedAt == Timestamp(rfc3339: "2026-03-01T00:00:00Z"))
    }

    @Test func renamePatchesTheFriendlyName() async throws {
        let (client, server) = try await signedIn { _ in
            .json(ScriptedPasskeys.passkey.replacingOccurrences(of: "iCloud Keychain", with: "Work phone"))
        }
        let renamed = try await client.renamePasskey(id: ScriptedPasskeys.passkeyID, friendlyName: "Work phone")
        let request = try #require(server.requests.last)
        #expect(request.httpMethod == "PATCH")
        #expect(request.url?.path == "/auth/v1/passkeys/\(ScriptedPasskeys.passkeyID)")
        #expect(request.jsonBody == ["friendly_name": "Work phone"])
        #expect(request.jsonObject?.count == 1)
        #expect(renamed.friendlyName == "Work phone")
    }

    @Test func deleteAccepts204() async throws {
        let (client, server) = try await signedIn { _ in .noContent }
        try await client.deletePasskey(id: ScriptedPasskeys.passkeyID)
        let request = try #require(server.requests.last)
        #expect(request.httpMethod == "DELETE")
        #expect(request.url?.path == "/auth/v1/passkeys/\(ScriptedPasskeys.passkeyID)")
        #expect(request.bearer == "access-alice")
        #expect(request.httpBody == nil)
    }

    // MARK: Errors

    @Test(arguments: [
        ("passkey_disabled", 404, PasskeyText.disabled),
        ("webauthn_challenge_expired", 400, PasskeyText.challengeExpired),
        ("webauthn_challenge_not_found", 400, PasskeyText.challengeExpired),
        ("webauthn_verification_failed", 400, PasskeyText.verificationFailed),
        ("too_many_passkeys", 422, PasskeyText.tooMany),
        ("webauthn_credential_exists", 422, PasskeyText.alreadySaved),
        ("insufficient_aal", 403, UserFacingText.AccountSecurity.authenticatorCodeRequired),
    ])
    func errorsHaveTheirTexts(code: String, status: Int, text: String) async throws {
        let (client, _) = try await signedIn { _ in .error(code, status: status) }
        let error = await #expect(throws: AuthClientError.self) { try await client.registerPasskey(using: FakeCeremony()) }
        #expect(error?.apiError?.code == AuthErrorCode(code))
        #expect(error?.apiError?.status == status)
        #expect(error?.userFacingMessage == text)
    }

    @Test func aFailedSignInKeepsNoSession() async throws {
        let (client, _) = signedOut { request in
            request.url?.path.hasSuffix("/options") == true
                ? .json(ScriptedPasskeys.authenticationOptions) : .error("webauthn_verification_failed", status: 400)
        }
        let error = await #expect(throws: AuthClientError.self) { try await client.signInWithPasskey(using: FakeCeremony()) }
        #expect(error?.apiError?.code == PasskeyErrorCode.verificationFailed)
        #expect(await client.currentSession() == nil)
    }

    @Test func aClientWithoutPasskeysAnswersAsAServerWithThemOff() async throws {
        let server = ScriptedFirebase.server([:])
        let firebase: any AuthClientProtocol = ScriptedFirebase.client(server, clock: clock)
        let error = await #expect(throws: AuthClientError.self) { try await firebase.getPasskeyAuthenticationOptions() }
        #expect(server.requests.isEmpty)
        #expect(error?.apiError?.code == PasskeyErrorCode.disabled)
        #expect(error?.userFacingMessage == PasskeyText.disabled)
    }
}
