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
import GatehouseTestSupport
import Testing

@Suite("Refresh, persistence and the event stream, against a live server")
struct SessionTests {
    @Test func refreshRotatesTheTokensAndAnnouncesIt() async throws {
        try await withLiveServer { server in
            let client = try await server.signedInClient()
            let before = try #require(await client.currentSession())
            let events = EventLog(client)
            let after = try await client.refreshSession()
            #expect(after.refreshToken != before.refreshToken)
            #expect(after.user.id == before.user.id)
            #expect(await client.currentSession() == after)
            #expect(await events.wait(count: 1) == [.tokenRefreshed])
        }
    }

    @Test func twentyConcurrentCallersShareOneRefresh() async throws {
        try await withLiveServer { server in
            let transport = RecordingTransport()
            let client = try await server.signedInClient(transport: transport)
            let events = EventLog(client)
            let sessions = try await withThrowingTaskGroup(of: Session.self) { group in
                for _ in 0..<20 { group.addTask { try await client.refreshSession() } }
                return try await group.reduce(into: [Session]()) { $0.append($1) }
            }
            #expect(sessions.count == 20)
            #expect(Set(sessions.map(\.refreshToken)).count == 1)
            #expect(transport.count(path: "/token", query: "grant_type=refresh_token") == 1)
            #expect(await events.emittedSoFar() == [.tokenRefreshed])
            // And the one rotation is valid: the next refresh works.
            _ = try await client.refreshSession()
        }
    }

    @Test func aSessionAboutToExpireIsRefreshedBeforeUse() async throws {
        try await withLiveServer { server in
            let transport = RecordingTransport()
            // A leeway longer than the token's life: every use finds it "about to expire".
            let client = try await server.signedInClient(transport: transport) { $0.refreshLeeway = .seconds(7200) }
            let stored = try #require(await client.currentSession())
            let session = try await client.session
            #expect(session.refreshToken != stored.refreshToken)
            #expect(transport.count(path: "/token", query: "grant_type=refresh_token") == 1)
        }
    }

    @Test func freshSessionsAreUsedWithoutARequest() async throws {
        try await withLiveServer { server in
            let transport = RecordingTransport()
            let client = try await server.signedInClient(transport: transport)
            let stored = try #require(await client.currentSession())
            #expect(try await client.session == stored)
            #expect(transport.count(path: "/token", query: "grant_type=refresh_token") == 0)
        }
    }

    @Test func backgroundRefreshHappensBeforeExpiry() async throws {
        try await withLiveServer { server in
            let client = try await server.signedInClient {
                $0.refreshLeeway = .seconds(7200)
                $0.autoRefreshInterval = .milliseconds(100)
            }
            let events = EventLog(client)
            client.startAutoRefresh()
            await events.wait(count: 1)
            client.stopAutoRefresh()
            #expect(events.names.first == .tokenRefreshed)
        }
    }

    @Test func rememberedSessionsPersistInA0600File() async throws {
        try await withLiveServer { server in
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent("gatehouse-storage-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: directory) }
            let storage = FileSessionStorage(directory: directory)
            let email = uniqueEmail()
            _ = try await server.client().signUp(email: email, password: testPassword)

            let client = server.client(storage: storage)
            let session = try await client.signIn(email: email, password: testPassword, rememberMe: true)
            let file = storage.fileURL(for: "gatehouse.auth.session")
            let attributes = try FileManager.default.attributesOfItem(atPath: file.path)
            #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)

            // A new launch (a new client on the same storage) restores it and says so.
            let relaunched = server.client(storage: storage)
            let events = EventLog(relaunched)
            #expect(await relaunched.restoreSession() == session)
            #expect(await events.wait(count: 1) == [.initialSession])
            #expect(try await relaunched.user().email == email)
        }
    }

    @Test func withoutRememberMeTheSessionLivesInMemoryOnly() async throws {
        try await withLiveServer { server in
            let storage = MemorySessionStorage()
            let email = uniqueEmail()
            _ = try await server.client().signUp(email: email, password: testPassword)
            let client = server.client(storage: storage)
            _ = try await client.signIn(email: email, password: testPassword, rememberMe: false)
            #expect(await client.currentSession() != nil)
            #expect(storage.load(key: "gatehouse.auth.session") == nil)
            // Refreshes keep the choice.
            _ = try await client.refreshSession()
            #expect(storage.load(key: "gatehouse.auth.session") == nil)
            #expect(await server.client(storage: storage).restoreSession() == nil)
        }
    }

    @Test func aRevokedSessionIsForgottenOnRefresh() async throws {
        try await withLiveServer { server in
            let email = uniqueEmail()
            let phone = try await server.signedInClient(email: email)
            let laptop = server.client()
            _ = try await laptop.signIn(email: email, password: testPassword)
            try await laptop.signOut(scope: .global)

            let events = EventLog(phone)
            let error = await #expect(throws: AuthClientError.self) { try await phone.refreshSession() }
            #expect(error?.apiError?.code.endsSession == true)
            #expect(error?.userFacingMessage == UserFacingText.sessionTimedOut)
            #expect(await phone.currentSession() == nil)
            #expect(await events.wait(count: 1) == [.signedOut])
        }
    }
}

@Suite("Signing out with each scope")
struct SignOutTests {
    @Test func localEndsOnlyThisSession() async throws {
        try await withLiveServer { server in
            let email = uniqueEmail()
            let phone = try await server.signedInClient(email: email)
            let laptop = server.client()
            _ = try await laptop.signIn(email: email, password: testPassword)
            let events = EventLog(phone)
            try await phone.signOut(scope: .local)
            #expect(await phone.currentSession() == nil)
            #expect(await events.wait(count: 1) == [.signedOut])
            #expect(try await laptop.user().email == email)
        }
    }

    @Test func othersKeepsThisSession() async throws {
        try await withLiveServer { server in
            let email = uniqueEmail()
            let phone = try await server.signedInClient(email: email)
            let laptop = server.client()
            _ = try await laptop.signIn(email: email, password: testPassword)
            try await phone.signOut(scope: .others)
            #expect(try await phone.user().email == email)
            await #expect(throws: AuthClientError.self) { try await laptop.user() }
        }
    }

    @Test func globalEndsEverySession() async throws {
        try await withLiveServer { server in
            let email = uniqueEmail()
            let phone = try await server.signedInClient(email: email)
            let laptop = server.client()
            _ = try await laptop.signIn(email: email, password: testPassword)
            try await phone.signOut(scope: .global)
            #expect(await phone.currentSession() == nil)
            let error = await #expect(throws: AuthClientError.self) { try await laptop.user() }
            #expect(error?.apiError?.status == 403)
        }
    }

    @Test func signingOutTwiceIsHarmless() async throws {
        try await withLiveServer { server in
            let client = try await server.signedInClient()
            try await client.signOut()
            try await client.signOut()
            #expect(await client.currentSession() == nil)
        }
    }
}
