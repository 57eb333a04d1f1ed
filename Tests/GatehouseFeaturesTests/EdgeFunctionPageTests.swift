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

/// The Edge Function's host: records what it is sent and answers every request alike, or refuses
/// the connection as a host nobody listens on.
private final class FunctionHost: HTTPTransport {
    let status: Int
    let body: String
    let refusesConnections: Bool
    private let received = Mutex<[URLRequest]>([])

    init(status: Int = 200, body: String = "", refusesConnections: Bool = false) {
        self.status = status
        self.body = body
        self.refusesConnections = refusesConnections
    }

    var requests: [URLRequest] { received.withLock { $0 } }

    func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
        received.withLock { $0.append(request) }
        if refusesConnections { throw URLError(.cannotConnectToHost) }
        let response = HTTPURLResponse(
            url: request.url!, statusCode: status, httpVersion: "HTTP/1.1", headerFields: ["Content-Type": "application/json"])!
        return (Data(body.utf8), response)
    }
}

/// Spec 003's Edge Function behind the forgot-password page: the request the app sends, and what
/// the page shows for the answers the spec describes.
@MainActor
@Suite("Forgot-password page on the Edge Function (spec 003)")
struct EdgeFunctionPageTests {
    private func page(_ host: FunctionHost) -> ForgotPasswordModel {
        let service = EdgeFunctionResetService(baseURL: URL(string: "https://project.example.com")!, transport: host)
        return ForgotPasswordModel(
            service: service, clock: ManualClock(), prefillEmail: "user@example.com", reachability: FixedReachability(reachable: true))
    }

    /// "request.httpMethod = "POST"", "Content-Type: application/json", body `["email": email]`,
    /// to `…/functions/v1/send-reset-email`.
    @Test func theRequestIsAJSONPostOfTheAddress() async throws {
        let host = FunctionHost(body: #"{"success": true, "message": "Password reset email sent"}"#)
        let model = page(host)
        await model.submit()
        #expect(model.phase == .sent)
        #expect(host.requests.count == 1)
        let request = try #require(host.requests.first)
        #expect(request.httpMethod == "POST")
        #expect(request.url?.path == "/functions/v1/send-reset-email")
        #expect(request.value(forHTTPHeaderField: "Content-Type") == "application/json")
        let body = try #require(request.httpBody)
        let json = try JSONSerialization.jsonObject(with: body) as? [String: String]
        #expect(json == ["email": "user@example.com"])
    }

    /// `{"success": false}` without an `error`: the sample code's fallback, "Failed to send reset email".
    @Test func successFalseWithoutAnErrorSaysFailedToSend() async {
        let model = page(FunctionHost(body: #"{"success": false}"#))
        await model.submit()
        #expect(model.phase == .form)
        #expect(model.errorMessage == "Failed to send reset email")
        #expect(model.signals.feedback?.kind == .error)
    }

    /// "Handle network errors" for the function's own host: nobody listening reads as no
    /// connection (spec 000 §8's words), with Retry.
    @Test func aRefusedConnectionIsANetworkErrorWithRetry() async {
        let host = FunctionHost(refusesConnections: true)
        let model = page(host)
        await model.submit()
        #expect(host.requests.count == 1)
        #expect(model.phase == .form)
        #expect(model.errorMessage == "No internet connection. Please try again.")
        #expect(model.offersRetry)
    }
}
