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
import GatehouseCore
import HTTPTypes
import Testing

@testable import GatehouseServer

/// GoTrue's identity routes: `GET /user/identities/authorize` (linking through the web redirect
/// flow, for the bearer's account) and `DELETE /user/identities/{identity_id}`.
@Suite("Identities endpoint")
struct IdentitiesEndpointTests {
    static let appTarget = WebFormClient.escape(OAuthTestSettings.app)

    static func run(
        _ backend: Backend, linking: IdentityLinking = .verifiedAddresses, _ body: @Sendable (API, OAuthFakeProvider) async throws -> Void
    ) async throws {
        try await OAuthFakeProvider.run { provider in
            try await TestServer.run(
                backend,
                configure: {
                    OAuthTestSettings.configure(&$0, providers: [provider.provider()])
                    $0.external.linking = linking
                }
            ) { api in try await body(api, provider) }
        }
    }

    /// Links the provider's `subject` to the bearer's account through the flow; the landing.
    static func link(_ api: API, _ provider: OAuthFakeProvider, bearer: String, subject: String, email: String) async throws -> OAuthLanding
    {
        var browser = WebFormClient(api)
        let sent = try await browser.startFlow("/auth/v1/user/identities/authorize?provider=mock&redirect_to=\(appTarget)", bearer: bearer)
        let code = "link-\(UUID().uuidString)"
        provider.grant(code, subject: subject, email: email, nonce: sent.nonce, codeChallenge: sent.codeChallenge)
        return try OAuthLanding(try await browser.callback(code: code, state: sent.state))
    }

    @Test("linking needs a bearer; the identity joins the bearer's account and the app gets its session", arguments: Backend.all)
    func linkToSignedInUser(backend: Backend) async throws {
        try await Self.run(backend) { api, provider in
            let anonymous = try await api.send(.get, "/user/identities/authorize?provider=mock")
            #expect(anonymous.status == .unauthorized, "\(anonymous)")
            let session = try await api.signedInUser()
            let landing = try await Self.link(
                api, provider, bearer: session.accessToken, subject: "linked-sub", email: TestServer.uniqueEmail("other"))
            let accessToken = try #require(landing.fragment["access_token"], "\(landing.location)")
            let user = try await api.user(accessToken)
            #expect(user["id"]?.stringValue == session.userId)
            #expect(
                user["identities"]?.arrayValue?.contains { $0["provider"]?.stringValue == "mock" && $0["id"]?.stringValue == "linked-sub" }
                    == true)
            #expect(user["app_metadata"]?["providers"]?.arrayValue?.contains(.string("mock")) == true, "\(user)")
        }
    }

    @Test("skip_http_redirect=true answers the provider's URL as JSON, with the binding cookie", arguments: Backend.all)
    func skipRedirect(backend: Backend) async throws {
        try await Self.run(backend) { api, provider in
            let session = try await api.signedInUser()
            let reply = try await api.send(
                .get, "/user/identities/authorize?provider=mock&skip_http_redirect=true", bearer: session.accessToken)
            #expect(reply.status == .ok)
            #expect(reply["url"]?.stringValue?.hasPrefix(provider.base + "/authorize?") == true, "\(reply)")
            #expect(reply.headers[values: .setCookie].contains { $0.hasPrefix("gatehouse_oauth=") })
        }
    }

    @Test("with GATEHOUSE_EXTERNAL_LINKING=never, 404 manual_linking_disabled", arguments: Backend.all)
    func linkingDisabled(backend: Backend) async throws {
        try await Self.run(backend, linking: .never) { api, _ in
            let session = try await api.signedInUser()
            let reply = try await api.send(.get, "/user/identities/authorize?provider=mock", bearer: session.accessToken)
            #expect(reply.status == .notFound && reply.errorCode == "manual_linking_disabled", "\(reply)")
        }
    }

    @Test("an identity another account holds is refused to the app (identity_already_exists)", arguments: Backend.all)
    func identityHeldElsewhere(backend: Backend) async throws {
        try await Self.run(backend) { api, provider in
            let first = try await api.signedInUser()
            _ = try await Self.link(api, provider, bearer: first.accessToken, subject: "shared-sub", email: TestServer.uniqueEmail("s"))
            let second = try await api.signedInUser()
            let landing = try await Self.link(
                api, provider, bearer: second.accessToken, subject: "shared-sub", email: TestServer.uniqueEmail("s"))
            #expect(landing.query["error_code"] == "identity_already_exists", "\(landing.location)")
            #expect(landing.fragment["access_token"] == nil)
        }
    }

    @Test("DELETE: a non-UUID is 404, an unknown identity 422, the last way in 422, a linked identity goes", arguments: Backend.all)
    func unlink(backend: Backend) async throws {
        try await Self.run(backend) { api, provider in
            let session = try await api.signedInUser()
            #expect(try await api.send(.delete, "/user/identities/\(UUID().uuidString)").status == .unauthorized)
            let notUUID = try await api.send(.delete, "/user/identities/nope", bearer: session.accessToken)
            #expect(notUUID.status == .notFound && notUUID.errorCode == "validation_failed", "\(notUUID)")
            let unknown = try await api.send(.delete, "/user/identities/\(UUID().uuidString)", bearer: session.accessToken)
            #expect(unknown.status == .unprocessableContent && unknown.errorCode == "identity_not_found", "\(unknown)")

            // A password account with a linked identity: the identity may go.
            _ = try await Self.link(api, provider, bearer: session.accessToken, subject: "to-unlink", email: TestServer.uniqueEmail("u"))
            let linked = try #require(
                try await api.user(session.accessToken)["identities"]?.arrayValue?.first { $0["provider"]?.stringValue == "mock" })
            let identityId = try #require(linked["identity_id"]?.stringValue)
            let removed = try await api.send(.delete, "/user/identities/\(identityId)", bearer: session.accessToken)
            #expect(removed.status == .ok && removed.json == .object([:]), "\(removed)")
            #expect(
                try await api.user(session.accessToken)["identities"]?.arrayValue?.contains { $0["provider"]?.stringValue == "mock" }
                    != true)

            // An account made by the provider has no password: its identity is its only way in.
            var browser = WebFormClient(api)
            let sent = try await browser.startFlow("/auth/v1/authorize?provider=mock&redirect_to=\(Self.appTarget)")
            provider.grant(
                "only", subject: "only-sub", email: TestServer.uniqueEmail("only"), nonce: sent.nonce, codeChallenge: sent.codeChallenge)
            let token = try #require(try OAuthLanding(try await browser.callback(code: "only", state: sent.state)).fragment["access_token"])
            let only = try #require(try await api.user(token)["identities"]?.arrayValue?.first { $0["provider"]?.stringValue == "mock" })
            let refused = try await api.send(.delete, "/user/identities/\(try #require(only["identity_id"]?.stringValue))", bearer: token)
            #expect(refused.status == .unprocessableContent && refused.errorCode == "single_identity_not_deletable", "\(refused)")
        }
    }
}
