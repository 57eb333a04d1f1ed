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
import GatehouseExampleFlow
import GatehouseFeatures
import GatehouseServer
import GatehouseTestSupport
import Testing

/// The example app's navigation against a live Gatehouse: Login → Forgot password → the emailed
/// link → Reset → Login → signed in, and the backend switch.
@MainActor
@Suite("Example app flow")
struct ExampleFlowTests {
    func flow(_ server: LiveServer, backend: ExampleBackend = .gotrue) -> ExampleFlow {
        let configuration = ExampleConfiguration(serverURL: server.baseURL, backend: backend)
        return ExampleFlow(configuration: configuration) {
            ExampleServices(configuration: $0, storage: MemorySessionStorage())
        } makeLogin: {
            LoginModel(auth: $0.auth, reachability: FixedReachability(reachable: true))
        }
    }

    func account(_ server: LiveServer) async throws -> String {
        let email = uniqueEmail()
        let client = AuthClient(configuration: AuthClientConfiguration(url: server.baseURL, storage: MemorySessionStorage()))
        _ = try await client.signUp(email: email, password: testPassword)
        return email
    }

    /// The server sends the emailed link's browser to the app's scheme (it is on its allow list).
    static func allowingTheApp(_ configuration: inout ServerConfiguration) {
        configuration.redirectAllowList = [ExampleConfiguration.appLink.absoluteString]
    }

    @Test func forgotPasswordThenTheLinkThenSignIn() async throws {
        try await withLiveServer(configure: Self.allowingTheApp) { server in
            let email = try await account(server)
            let flow = flow(server)
            #expect(flow.screen == .login)

            flow.login.email = email
            flow.login.forgotPassword()
            #expect(flow.screen == .forgotPassword)
            let forgot = try #require(flow.forgotPassword)
            #expect(forgot.email == email)
            await forgot.submit()
            #expect(forgot.phase == .sent)

            // The email's link goes to the server, which sends the browser on to the app with a
            // code (PKCE): that is the URL `onOpenURL` hands the flow.
            let link = try #require(try await server.waitForMail(to: email).link)
            let appLink = try #require(try await server.redirectTarget(of: link))
            #expect(appLink.absoluteString.hasPrefix("gatehouse-example://reset-password?code="))
            #expect(flow.open(appLink))
            #expect(flow.screen == .resetPassword)
            let reset = try #require(flow.resetPassword)
            await reset.open()
            #expect(reset.phase == .ready)
            reset.newPassword = "example-new-password"
            reset.confirmation = "example-new-password"
            await reset.submit()
            #expect(reset.phase == .done)
            reset.backToLogin()
            #expect(flow.screen == .login)

            flow.login.email = email
            flow.login.password = "example-new-password"
            await flow.login.submit()
            #expect(flow.screen == .signedIn)
            #expect(flow.signedInEmail == email)
            await flow.signOut()
            #expect(flow.screen == .login)
            #expect(flow.signedInEmail == nil)
        }
    }

    @Test func aLinkForAnotherPlaceIsLeftAlone() async throws {
        try await withLiveServer { server in
            let flow = flow(server)
            #expect(!flow.open(URL(string: "https://elsewhere.example/reset-password?token=x")!))
            #expect(flow.screen == .login)
        }
    }

    @Test func theSignUpPageAndBack() async throws {
        try await withLiveServer { server in
            let flow = flow(server)
            flow.login.createAccount()
            #expect(flow.screen == .signUp)
            flow.signUp?.signInInstead()
            #expect(flow.screen == .login)
        }
    }

    @Test func theBackendSwitchChangesTheResetService() async throws {
        try await withLiveServer { server in
            let flow = flow(server)
            #expect(flow.services.reset is GoTrueResetService)
            flow.login.forgotPassword()
            flow.select(.edgeFunction)
            #expect(flow.screen == .login, "a new backend starts at the login page")
            #expect(flow.services.reset is EdgeFunctionResetService)
            flow.select(.rest)
            #expect(flow.services.reset is RESTResetService)
            flow.select(.firebase)
            #expect(flow.services.reset is FirebaseResetService)
            #expect(flow.services.auth is FirebaseAuthClient)
        }
    }

    @Test func theDefaultsPointAtALocalGatehouse() {
        let defaults = ExampleConfiguration(environment: [:])
        #expect(defaults.serverURL.absoluteString == "http://localhost:9999")
        #expect(defaults.redirectURL.absoluteString == "gatehouse-example://reset-password")
        #expect(defaults.backend == .gotrue)
        let set = ExampleConfiguration(environment: ["GATEHOUSE_URL": "http://gatehouse.test:8080", "GATEHOUSE_EXAMPLE_BACKEND": "rest"])
        #expect(set.serverURL.absoluteString == "http://gatehouse.test:8080")
        #expect(set.backend == .rest)
        #expect(ExampleConfiguration(environment: ["GATEHOUSE_URL": "ftp://x"]).serverURL == ExampleConfiguration.localServer)
    }
}
