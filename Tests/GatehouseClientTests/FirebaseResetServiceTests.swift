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

/// Spec 001's reset service on Firebase's REST API: the request to
/// `accounts:sendOobCode` on any base URL, and Firebase's error names read as the specs' texts.
@Suite("FirebaseResetService")
struct FirebaseResetServiceTests {
    static func address(_ email: String) throws -> EmailAddress { try EmailAddress(validating: email) }

    @Test func sendOobCodeOnGatehouseIsAPasswordResetRequestWithTheKey() async throws {
        let server = ScriptedFirebase.server(["sendOobCode": .json(ScriptedFirebase.oobAnswer)])
        let service = FirebaseResetService(
            endpoints: ScriptedFirebase.endpoints, continueURL: URL(string: "https://app.example.com/done"), linkLifetime: 3600,
            transport: server)
        let receipt = try await service.requestPasswordReset(for: Self.address("Alice@Example.com"))
        #expect(receipt == PasswordResetReceipt(linkExpiresIn: 3600))
        let request = try #require(server.requests.first)
        #expect(request.httpMethod == "POST")
        #expect(
            request.url?.absoluteString
                == "https://auth.example.com/identitytoolkit.googleapis.com/v1/accounts:sendOobCode?key=web-key")
        #expect(request.value(forHTTPHeaderField: "Content-Type") == "application/json")
        #expect(
            request.jsonBody == [
                "requestType": "PASSWORD_RESET", "email": "alice@example.com", "continueUrl": "https://app.example.com/done",
            ])
    }

    @Test func googlesHostIsAddressedTheSameWay() async throws {
        let server = ScriptedFirebase.server(["sendOobCode": .json(ScriptedFirebase.oobAnswer)])
        let service = FirebaseResetService(endpoints: .google(apiKey: "AIza-key"), transport: server)
        _ = try await service.requestPasswordReset(for: Self.address("alice@example.com"))
        #expect(
            server.requests.first?.url?.absoluteString == "https://identitytoolkit.googleapis.com/v1/accounts:sendOobCode?key=AIza-key")
        #expect(server.requests.first?.jsonBody["continueUrl"] == nil)
    }

    @Test func anUnknownAddressReadsAsSent() async throws {
        let server = ScriptedFirebase.server(["sendOobCode": ScriptedFirebase.error("EMAIL_NOT_FOUND")])
        let service = FirebaseResetService(endpoints: ScriptedFirebase.endpoints, transport: server)
        let receipt = try await service.requestPasswordReset(for: Self.address("nobody@example.com"))
        #expect(receipt == PasswordResetReceipt())
    }

    @Test(arguments: [
        ("INVALID_EMAIL", UserFacingText.invalidEmail),
        ("MISSING_EMAIL", UserFacingText.invalidEmail),
        ("USER_DISABLED", UserFacingText.accountDisabled),
        ("TOO_MANY_ATTEMPTS_TRY_LATER", UserFacingText.tooManyRequests(retryAfterSeconds: 60)),
        ("RESET_PASSWORD_EXCEED_LIMIT", UserFacingText.tooManyRequests(retryAfterSeconds: 60)),
        ("OPERATION_NOT_ALLOWED", UserFacingText.AccountSecurity.emailSignInDisabled),
    ])
    func firebaseErrorNamesHaveTheSpecsTexts(name: String, text: String) async throws {
        let server = ScriptedFirebase.server(["sendOobCode": ScriptedFirebase.error(name)])
        let service = FirebaseResetService(endpoints: ScriptedFirebase.endpoints, transport: server)
        let error = await #expect(throws: AuthClientError.self) {
            try await service.requestPasswordReset(for: Self.address("alice@example.com"))
        }
        #expect(error?.userFacingMessage == text)
    }

    @Test func aRateLimitCarriesAWaitForTheCooldown() async throws {
        let server = ScriptedFirebase.server([
            "sendOobCode": ScriptedFirebase.error("TOO_MANY_ATTEMPTS_TRY_LATER : Access to this account has been temporarily disabled")
        ])
        let service = FirebaseResetService(endpoints: ScriptedFirebase.endpoints, transport: server)
        let error = await #expect(throws: AuthClientError.self) {
            try await service.requestPasswordReset(for: Self.address("alice@example.com"))
        }
        #expect(error?.retryAfterSeconds == 60)
    }

    @Test func aServerFailureIsTheServerErrorText() async throws {
        let server = ScriptedFirebase.server(["sendOobCode": .json("<html>bad gateway</html>", status: 502)])
        let service = FirebaseResetService(endpoints: ScriptedFirebase.endpoints, transport: server)
        let error = await #expect(throws: AuthClientError.self) {
            try await service.requestPasswordReset(for: Self.address("alice@example.com"))
        }
        #expect(error == .server(status: 502))
        #expect(error?.userFacingMessage == UserFacingText.serverError)
    }

    @Test func aCodeIsCheckedWithoutAPasswordAndConfirmedWithOne() async throws {
        let server = ScriptedFirebase.server(["resetPassword": .json(ScriptedFirebase.resetAnswer)])
        let service = FirebaseResetService(endpoints: ScriptedFirebase.endpoints, transport: server)
        #expect(try await service.verifyResetCode("oob-1") == "alice@example.com")
        #expect(try await service.confirmReset(oobCode: "oob-1", newPassword: "new-password-1") == "alice@example.com")
        let requests = server.requests
        #expect(requests.map { $0.url?.lastPathComponent } == ["accounts:resetPassword", "accounts:resetPassword"])
        #expect(requests[0].jsonBody == ["oobCode": "oob-1"])
        #expect(requests[1].jsonBody == ["oobCode": "oob-1", "newPassword": "new-password-1"])
    }

    @Test(arguments: [
        ("INVALID_OOB_CODE", UserFacingText.resetLinkInvalid),
        ("EXPIRED_OOB_CODE", UserFacingText.resetLinkInvalid),
        ("WEAK_PASSWORD : Password should be at least 6 characters", UserFacingText.passwordTooShort(minimum: 6)),
        ("USER_DISABLED", UserFacingText.accountDisabled),
    ])
    func confirmingRefusalsHaveTheSpecsTexts(message: String, text: String) async throws {
        let server = ScriptedFirebase.server(["resetPassword": ScriptedFirebase.error(message)])
        let service = FirebaseResetService(endpoints: ScriptedFirebase.endpoints, transport: server)
        let error = await #expect(throws: AuthClientError.self) { try await service.confirmReset(oobCode: "oob-1", newPassword: "abc") }
        #expect(error?.userFacingMessage == text)
    }
}
