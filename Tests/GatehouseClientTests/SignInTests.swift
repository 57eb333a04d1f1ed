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

@Suite("Sign-up, sign-in and the signed-in user, against a live server")
struct SignInTests {
    @Test func signUpWithAutoconfirmSignsIn() async throws {
        try await withLiveServer { server in
            let client = server.client()
            let events = EventLog(client)
            let email = uniqueEmail()
            let result = try await client.signUp(email: email, password: testPassword, data: ["team": .string("blue")])
            guard case .signedIn(let session) = result else {
                Issue.record("expected a session, got \(result)")
                return
            }
            #expect(session.user.email == email)
            #expect(session.user.userMetadata["team"] == .string("blue"))
            #expect(await client.currentSession() == session)
            #expect(await events.wait(count: 1) == [.signedIn])
        }
    }

    @Test func signUpWithoutAutoconfirmAsksForConfirmation() async throws {
        try await withLiveServer(configure: { $0.autoconfirm = false }) { server in
            let client = server.client()
            let email = uniqueEmail()
            let result = try await client.signUp(email: email, password: testPassword)
            guard case .confirmationRequired(let user) = result else {
                Issue.record("expected a user, got \(result)")
                return
            }
            #expect(user.email == email)
            #expect(await client.currentSession() == nil)
            // Unconfirmed: the right password is answered with email_not_confirmed.
            let error = await #expect(throws: AuthClientError.self) { try await client.signIn(email: email, password: testPassword) }
            #expect(error?.apiError?.code == .emailNotConfirmed)
            #expect(error?.userFacingMessage == UserFacingText.emailNotConfirmed)
        }
    }

    @Test func signInStoresTheSessionAndAnnouncesIt() async throws {
        try await withLiveServer { server in
            let email = uniqueEmail()
            _ = try await server.client().signUp(email: email, password: testPassword)
            let client = server.client()
            let events = EventLog(client)
            let session = try await client.signIn(email: email, password: testPassword)
            #expect(session.tokenType.lowercased() == "bearer")
            #expect(session.user.email == email)
            #expect(session.expiresAt > Int64(Date().timeIntervalSince1970))
            #expect(await client.currentSession()?.accessToken == session.accessToken)
            #expect(await events.wait(count: 1) == [.signedIn])
        }
    }

    @Test func wrongPasswordAndUnknownAddressReadTheSame() async throws {
        try await withLiveServer { server in
            let email = uniqueEmail()
            _ = try await server.client().signUp(email: email, password: testPassword)
            let client = server.client()
            let wrong = await #expect(throws: AuthClientError.self) { try await client.signIn(email: email, password: "not-the-password") }
            let unknown = await #expect(throws: AuthClientError.self) {
                try await client.signIn(email: uniqueEmail(), password: testPassword)
            }
            #expect(wrong?.apiError?.code == .invalidCredentials)
            #expect(wrong?.apiError?.status == 400)
            #expect(wrong?.userFacingMessage == UserFacingText.invalidCredentials)
            #expect(unknown?.userFacingMessage == UserFacingText.invalidCredentials)
        }
    }

    @Test func currentUserComesFromTheServer() async throws {
        try await withLiveServer { server in
            let email = uniqueEmail()
            let client = try await server.signedInClient(email: email)
            let user = try await client.user()
            #expect(user.email == email)
            #expect(user.id == (await client.currentSession())?.user.id)
        }
    }

    @Test func updatePasswordChangesItAndAnnouncesTheUser() async throws {
        try await withLiveServer { server in
            let email = uniqueEmail()
            let client = try await server.signedInClient(email: email)
            let events = EventLog(client)
            _ = try await client.updatePassword("a-brand-new-password")
            #expect(await events.wait(count: 1) == [.userUpdated])
            _ = try await server.client().signIn(email: email, password: "a-brand-new-password")
            let same = await #expect(throws: AuthClientError.self) { try await client.updatePassword("a-brand-new-password") }
            #expect(same?.apiError?.code == .samePassword)
            #expect(same?.userFacingMessage == UserFacingText.samePassword)
            let weak = await #expect(throws: AuthClientError.self) { try await client.updatePassword("short") }
            #expect(weak?.apiError?.code == .weakPassword)
            #expect(weak?.apiError?.weakPasswordReasons == ["length"])
            #expect(weak?.userFacingMessage == UserFacingText.passwordTooShort(minimum: 8))
        }
    }

    @Test func updateUserMergesMetadata() async throws {
        try await withLiveServer { server in
            let client = server.client()
            _ = try await client.signUp(email: uniqueEmail(), password: testPassword, data: ["team": .string("blue"), "age": .number(3)])
            let user = try await client.updateUser(data: ["team": .string("red"), "age": .null])
            #expect(user.userMetadata["team"] == .string("red"))
            #expect(user.userMetadata["age"] == nil)
            #expect(await client.currentSession()?.user.userMetadata["team"] == .string("red"))
        }
    }

    @Test func tooManySignInsWaitForRetryAfter() async throws {
        try await withLiveServer(configure: {
            $0.rateLimits.tokenPerFiveMinutes = 1
            $0.rateLimits.burst = 1
        }) { server in
            let client = server.client()
            _ = try? await client.signIn(email: uniqueEmail(), password: testPassword)
            let error = await #expect(throws: AuthClientError.self) {
                try await client.signIn(email: uniqueEmail(), password: testPassword)
            }
            #expect(error?.apiError?.status == 429)
            #expect(error?.apiError?.code == .overRequestRateLimit)
            let wait = try #require(error?.retryAfterSeconds)
            #expect(wait > 0 && wait <= 300)
            #expect(error?.userFacingMessage == UserFacingText.tooManyRequests(retryAfterSeconds: wait))
        }
    }

    @Test func sendsTheHeadersOfTheOfficialClients() async throws {
        try await withLiveServer { server in
            let transport = RecordingTransport()
            let client = server.client(transport: transport) { $0.apiKey = "anon-key" }
            _ = try? await client.signIn(email: uniqueEmail(), password: testPassword)
            let request = try #require(transport.requests.first)
            #expect(request.value(forHTTPHeaderField: "apikey") == "anon-key")
            #expect(request.value(forHTTPHeaderField: "Authorization") == "Bearer anon-key")
            #expect(request.value(forHTTPHeaderField: "X-Supabase-Api-Version") == "2024-01-01")
            #expect(request.value(forHTTPHeaderField: "Content-Type") == "application/json")
            #expect(request.url?.query == "grant_type=password")
            #expect(request.timeoutInterval == 30)
        }
    }
}
