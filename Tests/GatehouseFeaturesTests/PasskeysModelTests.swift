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

/// The account page's passkeys: a real `AuthClient` over a scripted server, signed in.
@MainActor
@Suite("PasskeysModel")
struct PasskeysModelTests {
    @Test func loadAddRenameRemove() async throws {
        let server = MethodServer { method, path in
            switch (method, path) {
            case ("GET", "/auth/v1/passkeys/"): (200, "[\(Answers.first)]")
            case ("POST", "/auth/v1/passkeys/registration/options"): (200, Answers.registrationOptions)
            case ("POST", "/auth/v1/passkeys/registration/verify"): (200, Answers.added)
            case ("PATCH", _): (200, Answers.added.replacingOccurrences(of: "iCloud Keychain", with: "Work phone"))
            case ("DELETE", _): (204, "")
            default: nil
            }
        }
        let client = try await server.signedInClient()
        let model = PasskeysModel(client: client, ceremony: FakeRegistrationCeremony(), clock: ManualClock())
        #expect(model.canAdd)

        await model.load()
        #expect(model.passkeys.map(\.friendlyName) == ["iPhone"])

        await model.add()
        #expect(model.passkeys.map(\.friendlyName) == ["iPhone", "iCloud Keychain"])
        #expect(model.signals.announcement?.text == PasskeyText.added)

        await model.rename("9a55c0de-0000-4000-8000-000000000002", to: "  Work phone ")
        #expect(model.passkeys.map(\.friendlyName) == ["iPhone", "Work phone"])
        #expect(server.bodies.last == #"{"friendly_name":"Work phone"}"#)

        await model.remove("9a55c0de-0000-4000-8000-000000000001")
        #expect(model.passkeys.map(\.id) == ["9a55c0de-0000-4000-8000-000000000002"])
        #expect(server.calls.last == "DELETE /auth/v1/passkeys/9a55c0de-0000-4000-8000-000000000001")
        #expect(model.errorMessage == nil)
        #expect(model.phase == .idle)
    }

    @Test func closingTheSheetAddsNothingAndSaysNothing() async throws {
        let server = MethodServer { method, path in
            path.hasSuffix("/registration/options") ? (200, Answers.registrationOptions) : nil
        }
        let client = try await server.signedInClient()
        let model = PasskeysModel(client: client, ceremony: FakeRegistrationCeremony(failing: .cancelled), clock: ManualClock())
        await model.add()
        #expect(model.passkeys.isEmpty)
        #expect(model.errorMessage == nil)
        #expect(!server.calls.contains { $0.hasSuffix("/registration/verify") })
    }

    @Test func theServersRefusalsHaveTheirTexts() async throws {
        let server = MethodServer { method, path in
            if path.hasSuffix("/registration/options") { return (422, #"{"code":"too_many_passkeys","message":"too many"}"#) }
            if method == "DELETE" { return (403, #"{"code":"insufficient_aal","message":"aal2 required"}"#) }
            return nil
        }
        let client = try await server.signedInClient()
        let model = PasskeysModel(client: client, ceremony: FakeRegistrationCeremony(), clock: ManualClock())
        await model.add()
        #expect(model.errorMessage == PasskeyText.tooMany)
        await model.remove("9a55c0de-0000-4000-8000-000000000001")
        #expect(model.errorMessage == UserFacingText.AccountSecurity.authenticatorCodeRequired)
    }

    @Test func aNameThatIsEmptyOrTooLongIsRefusedBeforeSending() async throws {
        let server = MethodServer { _, _ in nil }
        let client = try await server.signedInClient()
        let model = PasskeysModel(client: client, ceremony: nil, clock: ManualClock())
        #expect(!model.canAdd)
        let before = server.calls.count
        await model.rename("9a55c0de-0000-4000-8000-000000000001", to: "   ")
        #expect(model.errorMessage == PasskeyText.nameInvalid)
        // 121 bytes (41 three-byte characters), though only 41 characters.
        await model.rename("9a55c0de-0000-4000-8000-000000000001", to: String(repeating: "€", count: 41))
        #expect(model.errorMessage == PasskeyText.nameInvalid)
        #expect(server.calls.count == before)
    }
}

/// A GoTrue server answering by method and path (password sign-in built in), recording calls and bodies.
final class MethodServer: HTTPTransport {
    private let respond: @Sendable (String, String) -> (Int, String)?
    private let recorded = Mutex<(calls: [String], bodies: [String])>(([], []))

    init(_ respond: @escaping @Sendable (String, String) -> (Int, String)?) {
        self.respond = respond
    }

    var calls: [String] { recorded.withLock { $0.calls } }
    var bodies: [String] { recorded.withLock { $0.bodies } }

    func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
        let method = request.httpMethod ?? "GET"
        let path = request.url?.path ?? ""
        // Foundation drops a trailing slash from `path`; the list's URL keeps it.
        let shownPath = request.url?.absoluteString.hasSuffix("/") == true ? path + "/" : path
        recorded.withLock { state in
            state.calls.append("\(method) \(shownPath)")
            state.bodies.append(request.httpBody.map { String(decoding: $0, as: UTF8.self) } ?? "")
        }
        let (status, body) =
            shownPath.hasSuffix("/token") ? (200, PasskeyServer.session("password")) : respond(method, shownPath) ?? (404, "{}")
        let headers = ["Content-Type": "application/json", "X-Supabase-Api-Version": "2024-01-01"]
        return (Data(body.utf8), HTTPURLResponse(url: request.url!, statusCode: status, httpVersion: "HTTP/1.1", headerFields: headers)!)
    }

    func signedInClient() async throws -> AuthClient {
        var configuration = AuthClientConfiguration(url: URL(string: "https://auth.example.com/auth/v1")!, storage: MemorySessionStorage())
        configuration.transport = self
        configuration.autoRefreshToken = false
        let client = AuthClient(configuration: configuration)
        try await client.signIn(email: "alice@example.com", password: "password123")
        return client
    }
}

/// A registration ceremony that answers a fixed credential or fails as told.
struct FakeRegistrationCeremony: PasskeyCeremony {
    var failing: PasskeyCeremonyError?

    func register(_ options: PasskeyRegistrationOptions) async throws -> RegistrationCredential {
        if let failing { throw failing }
        return RegistrationCredential(
            credentialID: Data([1, 2, 3]), clientDataJSON: Data(#"{"type":"webauthn.create"}"#.utf8), attestationObject: Data([0xA0]))
    }

    func assert(_ options: PasskeyAuthenticationOptions) async throws -> AssertionCredential {
        throw PasskeyCeremonyError.failed("not used by these tests")
    }
}

/// The passkey answers of these tests.
enum Answers {
    static let first = #"{"id":"9a55c0de-0000-4000-8000-000000000001","friendly_name":"iPhone","created_at":"2026-01-02T03:04:05Z"}"#
    static let added =
        #"{"id":"9a55c0de-0000-4000-8000-000000000002","friendly_name":"iCloud Keychain","created_at":"2026-02-02T03:04:05Z"}"#
    static let registrationOptions =
        #"{"challenge_id":"c1a11e00-0000-4000-8000-000000000001","options":{"rp":{"name":"Gatehouse","id":"example.com"},"user":{"name":"alice@example.com","displayName":"alice@example.com","id":"YWFhYWFhYWEtMDAwMC00MDAwLTgwMDAtMDAwMDAwMDAwMDAx"},"challenge":"AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8","pubKeyCredParams":[{"type":"public-key","alg":-7}]},"expires_at":1767000300}"#
}
