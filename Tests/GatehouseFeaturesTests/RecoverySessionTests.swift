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

/// A GoTrue server answering from a table of canned sessions, recording every request.
final class CannedGoTrue: HTTPTransport {
    private let recorded = Mutex<[URLRequest]>([])
    let expiresAt = Int64(Date().timeIntervalSince1970) + 3600

    static let xID = "aaaaaaaa-0000-4000-8000-00000000000a"
    static let yID = "bbbbbbbb-0000-4000-8000-00000000000b"

    func session(_ name: String, id: String) -> String {
        let user =
            #"{"id":"\#(id)","aud":"authenticated","role":"authenticated","email":"\#(name)@example.com","app_metadata":{},"user_metadata":{},"identities":[],"created_at":"2026-01-01T00:00:00Z","updated_at":"2026-01-01T00:00:00Z"}"#
        return
            #"{"access_token":"access-\#(name)","token_type":"bearer","expires_in":3600,"expires_at":\#(expiresAt),"refresh_token":"refresh-\#(name)","user":\#(user)}"#
    }

    func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
        recorded.withLock { $0.append(request) }
        let path = request.url!.path
        let body: String
        if path.hasSuffix("/verify") {
            body = session("y", id: Self.yID)
        } else if path.hasSuffix("/token") {
            body = session("x", id: Self.xID)
        } else if path.hasSuffix("/user") {
            let who = request.value(forHTTPHeaderField: "Authorization") == "Bearer access-y" ? ("y", Self.yID) : ("x", Self.xID)
            body =
                #"{"id":"\#(who.1)","aud":"authenticated","role":"authenticated","email":"\#(who.0)@example.com","app_metadata":{},"user_metadata":{},"identities":[],"created_at":"2026-01-01T00:00:00Z","updated_at":"2026-01-01T00:00:00Z"}"#
        } else {
            body = ""
        }
        let response = HTTPURLResponse(
            url: request.url!, statusCode: body.isEmpty ? 204 : 200, httpVersion: "HTTP/1.1",
            headerFields: ["Content-Type": "application/json"])!
        return (Data(body.utf8), response)
    }

    var requests: [URLRequest] { recorded.withLock { $0 } }

    func client(storage: any SessionStorage = MemorySessionStorage()) -> AuthClient {
        var configuration = AuthClientConfiguration(url: URL(string: "https://auth.example.com/auth/v1")!, storage: storage)
        configuration.transport = self
        configuration.flowType = .implicit
        configuration.autoRefreshToken = false
        configuration.redirectURL = URL(string: "myapp://reset")
        return AuthClient(configuration: configuration)
    }
}

/// A reset changes the password of the account whose link was opened,
/// with that link's recovery session, whatever the current session became meanwhile.
@MainActor
@Suite("The reset page and its recovery session")
struct RecoverySessionTests {
    @Test func theNewPasswordIsSentWithTheRecoverySessionTheLinkGave() async throws {
        let server = CannedGoTrue()
        let client = server.client()
        let model = ResetPasswordModel(
            auth: client, source: .link(URL(string: "myapp://reset?token=abc&type=recovery")!), clock: ManualClock())
        await model.open()
        #expect(model.phase == .ready)
        #expect(model.accountEmail == "y@example.com")
        // Meanwhile someone else signs in on this device (another window, a stored session).
        _ = try await client.signIn(email: "x@example.com", password: "pw")

        model.newPassword = "a-new-password"
        model.confirmation = "a-new-password"
        await model.submit()
        #expect(model.phase == .done)
        let update = try #require(server.requests.last { $0.httpMethod == "PUT" })
        #expect(update.value(forHTTPHeaderField: "Authorization") == "Bearer access-y")
    }
}

/// The recovery session ends with the reset, and the current-session mode needs one.
@MainActor
@Suite("The recovery session's lifetime")
struct RecoveryLifetimeTests {
    @Test func theRecoverySessionEndsAfterTheReset() async throws {
        let server = CannedGoTrue()
        let client = server.client()
        let manager = AuthManager(auth: client)
        await manager.start()
        try await manager.handle(url: URL(string: "myapp://reset?token=abc&type=recovery")!)
        #expect(await eventually { manager.isRecoveringPassword })

        let model = ResetPasswordModel(auth: client, source: .currentSession, clock: ManualClock())
        await model.open()
        #expect(model.phase == .ready)
        model.newPassword = "a-new-password"
        model.confirmation = "a-new-password"
        await model.submit()
        #expect(model.phase == .done)
        // Signed out on the server and here; the login page shows no inactivity banner.
        #expect(await client.currentSession() == nil)
        #expect(server.requests.last?.url?.path.hasSuffix("/logout") == true)
        #expect(server.requests.last?.value(forHTTPHeaderField: "Authorization") == "Bearer access-y")
        #expect(await eventually { !manager.isAuthenticated })
        #expect(manager.loginReason == nil)
        manager.stop()
    }

    @Test func theCurrentSessionModeNeedsARecoverySession() async throws {
        let server = CannedGoTrue()
        let client = server.client()
        _ = try await client.signIn(email: "x@example.com", password: "pw")
        let model = ResetPasswordModel(auth: client, source: .currentSession, clock: ManualClock())
        await model.open()
        #expect(model.phase == .invalidLink)
    }
}

/// A storage whose deletes fail (a locked Keychain).
final class UndeletableStorage: SessionStorage {
    private let inner = MemorySessionStorage()
    struct Failure: Error {}
    func load(key: String) throws -> Data? { inner.load(key: key) }
    func store(_ data: Data, key: String) throws { inner.store(data, key: key) }
    func remove(key: String) throws { throw Failure() }
}

/// A sign-out that left the stored session behind is not shown as a success.
@MainActor
@Suite("AuthManager: a sign-out that did not finish")
struct SignOutStorageFailureTests {
    @Test func aFailedDeleteIsReported() async throws {
        let server = CannedGoTrue()
        let client = server.client(storage: UndeletableStorage())
        _ = try await client.signIn(email: "x@example.com", password: "pw", rememberMe: true)
        let manager = AuthManager(auth: client)
        await manager.start()
        await manager.signOut()
        #expect(manager.signOutStorageError?.operation == .remove)
        #expect(!manager.isAuthenticated)
        manager.stop()
    }
}
