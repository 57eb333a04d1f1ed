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
import Synchronization

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The device's side of a passkey, played by the test.
final class FakePasskeyCeremony: PasskeyCeremony {
    enum Behaviour: Sendable {
        case succeed
        case fail(PasskeyCeremonyError)
        /// The sheet stays up until the test opens the gate (or the task is cancelled).
        case gate(Gate)
    }

    private let state: Mutex<(behaviour: Behaviour, calls: [PasskeyAuthenticationOptions], cancelled: Int)>

    init(_ behaviour: Behaviour = .succeed) {
        state = Mutex((behaviour, [], 0))
    }

    var calls: [PasskeyAuthenticationOptions] { state.withLock { $0.calls } }
    /// How many ceremonies ended because their task was cancelled (the sheet taken away).
    var cancelledCount: Int { state.withLock { $0.cancelled } }

    func register(_ options: PasskeyRegistrationOptions) async throws -> RegistrationCredential {
        throw PasskeyCeremonyError.failed("not used by these tests")
    }

    func assert(_ options: PasskeyAuthenticationOptions) async throws -> AssertionCredential {
        let behaviour = state.withLock { state in
            state.calls.append(options)
            return state.behaviour
        }
        switch behaviour {
        case .succeed: break
        case .fail(let error): throw error
        case .gate(let gate):
            do { try await gate.wait() } catch {
                state.withLock { $0.cancelled += 1 }
                throw error
            }
        }
        return AssertionCredential(
            credentialID: Data([1, 2, 3]), clientDataJSON: Data(#"{"type":"webauthn.get"}"#.utf8),
            authenticatorData: Data(repeating: 0x49, count: 37), signature: Data([0x30, 0x44]),
            userHandle: Data(PasskeyServer.userID.utf8))
    }
}

/// A GoTrue server with passkeys, played by the test: each request is answered by `respond`
/// (which may wait on a gate), and every path is recorded.
final class PasskeyServer: HTTPTransport {
    static let userID = "aaaaaaaa-0000-4000-8000-000000000001"
    static let options =
        #"{"challenge_id":"c1a11e00-0000-4000-8000-000000000001","options":{"challenge":"AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8","timeout":300000,"rpId":"example.com","userVerification":"preferred"},"expires_at":1767000300}"#

    static func session(_ name: String) -> String {
        let expiresAt = Int64(Date().timeIntervalSince1970) + 3600
        let user =
            #"{"id":"\#(userID)","aud":"authenticated","role":"authenticated","email":"alice@example.com","email_confirmed_at":"2026-01-01T00:00:00Z","app_metadata":{},"user_metadata":{},"identities":[],"created_at":"2026-01-01T00:00:00Z","updated_at":"2026-01-01T00:00:00Z"}"#
        return
            #"{"access_token":"access-\#(name)","token_type":"bearer","expires_in":3600,"expires_at":\#(expiresAt),"refresh_token":"refresh-\#(name)","user":\#(user)}"#
    }

    static func error(_ code: String, status: Int) -> (Int, String) {
        (status, #"{"code":"\#(code)","message":"\#(code)"}"#)
    }

    private let recorded = Mutex<[String]>([])
    private let respond: @Sendable (String) async throws -> (Int, String)

    /// Answers the options and a session, unless `respond` says otherwise for a path.
    init(_ respond: @escaping @Sendable (String) async throws -> (Int, String)? = { _ in nil }) {
        self.respond = { path in
            if let answer = try await respond(path) { return answer }
            if path.hasSuffix("/passkeys/authentication/options") { return (200, Self.options) }
            if path.hasSuffix("/passkeys/authentication/verify") { return (200, Self.session("passkey")) }
            return (204, "")
        }
    }

    var paths: [String] { recorded.withLock { $0 } }

    func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
        let path = request.url?.path ?? ""
        recorded.withLock { $0.append(path) }
        let (status, body) = try await respond(path)
        let headers = ["Content-Type": "application/json", "X-Supabase-Api-Version": "2024-01-01"]
        let response = HTTPURLResponse(url: request.url!, statusCode: status, httpVersion: "HTTP/1.1", headerFields: headers)!
        return (Data(body.utf8), response)
    }

    /// A client of this server keeping its session in memory.
    func client(storage: MemorySessionStorage = MemorySessionStorage()) -> AuthClient {
        var configuration = AuthClientConfiguration(url: URL(string: "https://auth.example.com/auth/v1")!, storage: storage)
        configuration.apiKey = "anon-key"
        configuration.transport = self
        configuration.autoRefreshToken = false
        return AuthClient(configuration: configuration)
    }
}
