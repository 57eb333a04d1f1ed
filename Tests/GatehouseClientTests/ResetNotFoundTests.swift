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

/// A backend that answers "no such user" must not let the page tell registered
/// addresses from unknown ones. Every reset service reads those answers as a sent link; rate
/// limits, server failures and bad input stay errors.
@Suite("Reset services never reveal whether an account exists")
struct ResetNotFoundTests {
    static let address = try! EmailAddress(validating: "nobody@example.com")
    static let base = URL(string: "https://example.com/")!

    enum Backend: String, CaseIterable, Sendable { case gotrue, edge, rest, legacy }

    static func service(_ backend: Backend, answering transport: StubTransport) -> any PasswordResetService {
        switch backend {
        case .gotrue:
            var configuration = AuthClientConfiguration(url: base.appendingPathComponent("auth/v1"), storage: MemorySessionStorage())
            configuration.autoRefreshToken = false
            configuration.transport = transport
            return GoTrueResetService(client: AuthClient(configuration: configuration))
        case .edge: return EdgeFunctionResetService(baseURL: base, transport: transport)
        case .rest: return RESTResetService(baseURL: base.appendingPathComponent("api/"), transport: transport)
        case .legacy:
            return RESTResetService(baseURL: base.appendingPathComponent("api/"), endpoint: .legacyResetPassword, transport: transport)
        }
    }

    /// The "not found" answers the specs and the backends' versions have used.
    static let notFoundAnswers: [StubTransport] = [
        // Spec 000 §4: GoTrue's OAuth-style body.
        StubTransport(status: 400, body: #"{"error": "user_not_found", "error_description": "Email not found"}"#),
        StubTransport(status: 404, body: #"{"code": 404, "error_code": "user_not_found", "msg": "User not found"}"#),
        StubTransport(status: 422, body: #"{"code": "email_not_found", "message": "Email not found"}"#),
        // Spec 003's failure shape, with and without a 4xx.
        StubTransport(status: 404, body: #"{"success": false, "error": "User not found"}"#),
        StubTransport(status: 200, body: #"{"success": false, "error": "No user with this email"}"#),
        // Spec 004's REST shapes.
        StubTransport(status: 404, body: #"{"success": false, "message": "User does not exist"}"#),
        StubTransport(status: 200, body: #"{"success": true, "data": {"success": false, "message": "Email not registered"}}"#),
        StubTransport(status: 200, body: #"{"success": true, "data": {"user_exist_status": false, "message": "no user"}}"#),
    ]

    @Test(arguments: Backend.allCases, notFoundAnswers)
    func aNotFoundAnswerReadsAsSent(backend: Backend, answer: StubTransport) async throws {
        let receipt = try await Self.service(backend, answering: answer).requestPasswordReset(for: Self.address)
        // Nothing of the backend's words survives: they might say "not found".
        #expect(receipt == PasswordResetReceipt())
    }

    /// Answers that still are errors the person can act on (or the app's developer must fix).
    static let realFailures: [(answer: StubTransport, isExpected: @Sendable (AuthClientError) -> Bool)] = [
        (
            StubTransport(
                status: 429, headers: ["Retry-After": "30"], body: #"{"error": "too_many_requests", "error_description": "Too many"}"#),
            { $0.userFacingMessage == UserFacingText.tooManyRequests(retryAfterSeconds: 30) }
        ),
        (StubTransport(status: 502, body: "Bad gateway"), { $0.userFacingMessage == UserFacingText.serverError }),
        (
            StubTransport(status: 500, body: #"{"success": false, "error": "User lookup failed: user table not found"}"#),
            { $0.userFacingMessage == UserFacingText.serverError }
        ),
        (
            StubTransport(
                status: 400,
                body: #"{"code": 400, "error_code": "validation_failed", "msg": "Unable to validate email address: invalid format"}"#),
            { $0.apiError?.code == .validationFailed }
        ),
        // A route that does not exist is a configuration error, not an unknown account.
        (
            StubTransport(status: 404, body: #"{"code": 404, "error_code": "not_found", "msg": "Not Found"}"#),
            { $0.userFacingMessage == UserFacingText.invalidRequest }
        ),
    ]

    @Test(arguments: Backend.allCases, 0..<5)
    func otherFailuresStayErrors(backend: Backend, index: Int) async throws {
        let failure = Self.realFailures[index]
        let error = await #expect(throws: AuthClientError.self) {
            try await Self.service(backend, answering: failure.answer).requestPasswordReset(for: Self.address)
        }
        let thrown = try #require(error)
        #expect(failure.isExpected(thrown), "\(thrown)")
    }
}
