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
import GatehouseExampleFlow
import GatehouseFeatures
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The example app follows Sign in with Apple's model as it follows the pages': Apple's answer
/// (a fake credential here) signs in and opens the signed-in screen; signing out brings a fresh
/// model back with the login page.
@MainActor
@Suite("Example app: Sign in with Apple")
struct AppleSignInFlowTests {
    @Test func applesAnswerOpensTheSignedInScreen() async throws {
        var configuration = AuthClientConfiguration(url: URL(string: "https://auth.example.com")!, storage: MemorySessionStorage())
        configuration.transport = IDTokenGrantServer()
        configuration.autoRefreshToken = false
        let auth = AuthClient(configuration: configuration)
        let flow = ExampleFlow(configuration: ExampleConfiguration()) { _ in
            ExampleServices(auth: auth, reset: GoTrueResetService(client: auth))
        }
        let apple = flow.appleSignIn
        #expect(flow.screen == .login)

        _ = apple.nonceForRequest()
        await apple.complete(with: .success(AppleIDCredential(user: "000123.abc", identityToken: Data("eyJ.apple.token".utf8))))
        #expect(flow.screen == .signedIn)
        #expect(flow.signedInEmail == "apple@example.com")

        await flow.signOut()
        #expect(flow.screen == .login)
        #expect(flow.appleSignIn !== apple, "the login page comes back with a fresh model")
        #expect(flow.appleSignIn.phase == .idle)
    }
}

/// Answers GoTrue's ID-token grant with a session, and anything else (the sign-out) with 204.
private struct IDTokenGrantServer: HTTPTransport {
    func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
        let isGrant = request.url?.path.hasSuffix("/token") == true && request.url?.query == "grant_type=id_token"
        let expiresAt = Int64(Date().timeIntervalSince1970) + 3600
        let body =
            isGrant
            ? #"{"access_token":"access-apple","token_type":"bearer","expires_in":3600,"expires_at":\#(expiresAt),"refresh_token":"refresh-apple","user":{"id":"aaaaaaaa-0000-4000-8000-000000000001","aud":"authenticated","role":"authenticated","email":"apple@example.com","app_metadata":{"provider":"apple"},"user_metadata":{},"identities":[],"created_at":"2026-01-01T00:00:00Z","updated_at":"2026-01-01T00:00:00Z"}}"#
            : ""
        let response = HTTPURLResponse(
            url: request.url!, statusCode: isGrant ? 200 : 204, httpVersion: "HTTP/1.1", headerFields: ["Content-Type": "application/json"])!
        return (Data(body.utf8), response)
    }
}
