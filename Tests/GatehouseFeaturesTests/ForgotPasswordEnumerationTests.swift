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
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// No enumeration on the page: a registered and an unknown address end in the same state when the
/// backend answers spec 000's `user_not_found` for the unknown one.
@MainActor
@Suite("Forgot password never reveals whether an account exists")
struct ForgotPasswordEnumerationTests {
    /// GoTrue's `/recover` as spec 000 §4 documents it: 200 for a registered address, 400
    /// `user_not_found` otherwise.
    struct RecoverAnswers: HTTPTransport {
        let registered: String

        func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
            let body = request.httpBody.flatMap { try? JSONSerialization.jsonObject(with: $0) as? [String: Any] }
            let known = body?["email"] as? String == registered
            let (status, text) =
                known
                ? (200, #"{"message": "Password recovery email sent"}"#)
                : (400, #"{"error": "user_not_found", "error_description": "Email not found"}"#)
            return (Data(text.utf8), HTTPURLResponse(url: request.url!, statusCode: status, httpVersion: "HTTP/1.1", headerFields: nil)!)
        }
    }

    func page(for email: String) async -> ForgotPasswordModel {
        var configuration = AuthClientConfiguration(url: URL(string: "https://auth.example.com")!, storage: MemorySessionStorage())
        configuration.autoRefreshToken = false
        configuration.transport = RecoverAnswers(registered: "alice@example.com")
        let service = GoTrueResetService(client: AuthClient(configuration: configuration))
        let model = ForgotPasswordModel(service: service, clock: ManualClock(), prefillEmail: email)
        await model.submit()
        return model
    }

    @Test func registeredAndUnknownAddressesLookTheSame() async {
        let registered = await page(for: "alice@example.com")
        let unknown = await page(for: "mallory@example.com")
        for model in [registered, unknown] {
            #expect(model.phase == .sent)
            #expect(model.errorMessage == nil)
            #expect(model.signals.feedback?.kind == .success)
            #expect(model.resendSecondsLeft == 60)
        }
        #expect(unknown.successMessage == UserFacingText.resetLinkOnItsWay(to: "mallory@example.com"))
    }
}
