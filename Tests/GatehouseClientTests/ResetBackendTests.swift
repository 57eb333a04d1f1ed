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

@Suite("The reset backends of the specs, each against its Gatehouse endpoint")
struct ResetBackendTests {
    static func address(_ email: String) throws -> EmailAddress { try EmailAddress(validating: email) }

    @Test func goTrueRecover() async throws {
        try await withLiveServer { server in
            let email = uniqueEmail("gotrue")
            _ = try await server.client().signUp(email: email, password: testPassword)
            let service = GoTrueResetService(client: server.client())
            let receipt = try await service.requestPasswordReset(for: Self.address(email))
            // `/recover` answers `{}`; the lifetime is the server's, from `GET /settings`.
            #expect(receipt == PasswordResetReceipt(linkExpiresIn: 3600))
            #expect(try await server.waitForMail(to: email).link != nil)
        }
    }

    @Test func edgeFunction() async throws {
        try await withLiveServer { server in
            let email = uniqueEmail("edge")
            _ = try await server.client().signUp(email: email, password: testPassword)
            let service = EdgeFunctionResetService(baseURL: server.baseURL, apiKey: "anon")
            let receipt = try await service.requestPasswordReset(for: Self.address(email))
            #expect(receipt.message == "Password reset email sent")
            let link = try #require(try await server.waitForMail(to: email).link)
            #expect(link.contains("/reset-password?token="))
        }
    }

    @Test func restAPIWithTheNewShape() async throws {
        try await withLiveServer(configure: { $0.otpExpiry = 1800 }) { server in
            let email = uniqueEmail("rest")
            _ = try await server.client().signUp(email: email, password: testPassword)
            let transport = RecordingTransport()
            let service = RESTResetService(
                baseURL: server.baseURL.appendingPathComponent("api/"), appVersion: "1.6.0", transport: transport)
            let receipt = try await service.requestPasswordReset(for: Self.address(email))
            #expect(receipt.message == UserFacingText.resetLinkOnItsWay(to: email))
            #expect(receipt.resetMethod == "email_link")
            #expect(receipt.linkSent == true)
            #expect(receipt.linkExpiresIn == 1800)
            _ = try await server.waitForMail(to: email)

            let request = try #require(transport.requests.first)
            #expect(request.url?.absoluteString.hasSuffix("/api/request_password_reset/") == true)
            #expect(request.value(forHTTPHeaderField: "X-App-Version") == "1.6.0")
            #expect(request.value(forHTTPHeaderField: "Accept") == "application/json")
            #expect(request.value(forHTTPHeaderField: "Content-Type") == "application/json")
            #expect(request.timeoutInterval == 10)
        }
    }

    @Test func restAPIWithTheLegacyShape() async throws {
        try await withLiveServer { server in
            let email = uniqueEmail("legacy")
            _ = try await server.client().signUp(email: email, password: testPassword)
            let service = RESTResetService(baseURL: server.baseURL.appendingPathComponent("api"), endpoint: .legacyResetPassword)
            let receipt = try await service.requestPasswordReset(for: Self.address(email))
            #expect(receipt.message == nil, "a legacy answer's words are not passed on (they differ for unknown addresses)")
            #expect(receipt.resetMethod == nil)
            #expect(receipt.linkExpiresIn == nil)
            let link = try #require(try await server.waitForMail(to: email).link)
            #expect(link.contains("token="))
        }
    }

    @Test(arguments: ["gotrue", "edge", "rest"])
    func everyBackendPassesOnTheSendWindow(backend: String) async throws {
        // A window long enough that a loaded machine cannot use up much of it between the two
        // requests (60 s once left less than 50).
        try await withLiveServer(configure: { $0.emailSendWindow = 600 }) { server in
            let service: any PasswordResetService =
                switch backend {
                case "gotrue": GoTrueResetService(client: server.client())
                case "edge": EdgeFunctionResetService(baseURL: server.baseURL)
                default: RESTResetService(baseURL: server.baseURL.appendingPathComponent("api/"))
                }
            // Unknown or not, the second request inside the window is refused the same way.
            let address = try Self.address(uniqueEmail("window"))
            _ = try await service.requestPasswordReset(for: address)
            let error = await #expect(throws: AuthClientError.self) { try await service.requestPasswordReset(for: address) }
            #expect(error?.apiError?.status == 429)
            let wait = try #require(error?.retryAfterSeconds)
            #expect(wait > 300 && wait <= 600, "\(wait)")
            #expect(error?.userFacingMessage == UserFacingText.tooManyRequests(retryAfterSeconds: wait))
        }
    }

    @Test func restParserReadsBothShapes() throws {
        let new = try #require(
            ForgotPasswordResponse(
                data: Data(
                    """
                    {"success": true, "data": {"success": true, "message": "If the email exists, a reset link has been sent",
                     "reset_method": "email_link", "reset_link_sent": true, "link_expires_in": 3600}}
                    """.utf8)))
        #expect(new.status && !new.isLegacy)
        #expect(new.resetMethod == "email_link" && new.resetLinkSent == true && new.linkExpiresIn == 3600)
        let legacy = try #require(
            ForgotPasswordResponse(
                data: Data(
                    """
                    {"success": true, "data": {"user_exist_status": true, "message": "mail has bin send"}}
                    """.utf8)))
        #expect(legacy.status && legacy.isLegacy && legacy.message == "mail has bin send")
        #expect(legacy.resetMethod == nil && legacy.resetLinkSent == nil && legacy.linkExpiresIn == nil)
        let bare = ForgotPasswordResponse(data: Data(#"{"success": true, "message": "ok"}"#.utf8))
        #expect(bare?.status == true)
        #expect(ForgotPasswordResponse(data: Data(#"{"success": true, "data": {"success": true}}"#.utf8)) == nil)
        #expect(ForgotPasswordResponse(data: Data(#"{"data": {"message": "no status"}}"#.utf8)) == nil)
        #expect(ForgotPasswordResponse(data: Data("<html>".utf8)) == nil)
    }

    @Test func restLegacyFalseIsNotAnError() async throws {
        // Older servers said `user_exist_status: false` for unknown addresses; the page must not tell.
        let transport = StubTransport(status: 200, body: #"{"success": true, "data": {"user_exist_status": false, "message": "no user"}}"#)
        let service = RESTResetService(baseURL: URL(string: "https://example.com/api/")!, transport: transport)
        let receipt = try await service.requestPasswordReset(for: Self.address("a@example.com"))
        #expect(receipt == PasswordResetReceipt())
    }

    @Test func restMalformedAnswersAreServerErrors() async throws {
        let service = RESTResetService(baseURL: URL(string: "https://example.com/api/")!, transport: StubTransport(status: 200, body: "{}"))
        let error = await #expect(throws: AuthClientError.self) {
            try await service.requestPasswordReset(for: Self.address("a@example.com"))
        }
        #expect(error?.userFacingMessage == UserFacingText.serverError)
    }

    @Test func edgeFunctionFailureBodies() async throws {
        let url = URL(string: "https://example.com/functions/v1/send-reset-email")!
        let refused = EdgeFunctionResetService(
            url: url, transport: StubTransport(status: 200, body: #"{"success": false, "error": "MailerSend is down"}"#))
        let error = await #expect(throws: AuthClientError.self) {
            try await refused.requestPasswordReset(for: Self.address("a@example.com"))
        }
        #expect(error?.apiError?.message == "MailerSend is down")
        #expect(error?.apiError?.isWrittenForPeople == true, "spec 003: the function's error is shown")
        #expect(error?.userFacingMessage == UserFacingText.serverError)
        let crashed = EdgeFunctionResetService(url: url, transport: StubTransport(status: 502, body: "Bad gateway"))
        let server = await #expect(throws: AuthClientError.self) {
            try await crashed.requestPasswordReset(for: Self.address("a@example.com"))
        }
        #expect(server == .server(status: 502))
        #expect(server?.userFacingMessage == UserFacingText.serverError)
    }
}
