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
import Synchronization

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A Firebase Auth API played by the test: answers by RPC name (`signUp`, `signInWithPassword`,
/// `lookup`, `sendOobCode`, `resetPassword`, `token`), records every request's RPC and body.
final class FirebaseStub: HTTPTransport {
    struct Answer: Sendable {
        var status: Int
        var body: String
    }

    private let state = Mutex<(answers: [String: Answer], calls: [(rpc: String, body: String)])>(([:], []))

    static let endpoints = FirebaseEndpoints.server(baseURL: URL(string: "https://auth.example.com")!, apiKey: "web-key")

    func answer(_ rpc: String, status: Int = 200, _ body: String) {
        state.withLock { $0.answers[rpc] = Answer(status: status, body: body) }
    }

    /// Firebase's error envelope for `message` (`NAME[ : detail]`).
    func fail(_ rpc: String, _ message: String, status: Int = 400) {
        answer(
            rpc, status: status,
            #"{"error":{"code":\#(status),"message":"\#(message)","errors":[{"message":"\#(message)","domain":"global","reason":"invalid"}]}}"#
        )
    }

    var calls: [String] { state.withLock { $0.calls.map(\.rpc) } }
    func body(of rpc: String) -> String? { state.withLock { $0.calls.last(where: { $0.rpc == rpc })?.body } }

    func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
        let last = request.url?.lastPathComponent ?? ""
        let rpc = last.hasPrefix("accounts:") ? String(last.dropFirst("accounts:".count)) : last
        let body = request.httpBody.map { String(decoding: $0, as: UTF8.self) } ?? ""
        let answer = state.withLock { state in
            state.calls.append((rpc, body))
            return state.answers[rpc] ?? Answer(status: 404, body: #"{"error":{"code":404,"message":"NOT_FOUND"}}"#)
        }
        let response = HTTPURLResponse(url: request.url!, statusCode: answer.status, httpVersion: "HTTP/1.1", headerFields: nil)!
        return (Data(answer.body.utf8), response)
    }

    // MARK: Answers as Firebase words them

    static func tokens(kind: String) -> String {
        #"{"kind":"identitytoolkit#\#(kind)","localId":"uid-1","email":"alice@example.com","idToken":"id-1","refreshToken":"refresh-1","expiresIn":"3600"}"#
    }

    static let lookup =
        #"{"kind":"identitytoolkit#GetAccountInfoResponse","users":[{"localId":"uid-1","email":"alice@example.com","emailVerified":true,"passwordHash":"UkVEQUNURUQ=","validSince":"1767000000","lastLoginAt":"1767000500000","createdAt":"1767000000000"}]}"#
    static let oob = #"{"kind":"identitytoolkit#GetOobConfirmationCodeResponse","email":"alice@example.com"}"#
    static let reset = #"{"kind":"identitytoolkit#ResetPasswordResponse","email":"alice@example.com","requestType":"PASSWORD_RESET"}"#

    /// A Firebase client over this stub (memory storage).
    func client() -> FirebaseAuthClient {
        var configuration = FirebaseAuthConfiguration(endpoints: Self.endpoints, storage: MemorySessionStorage())
        configuration.transport = self
        configuration.resetLinkLifetime = 3600
        return FirebaseAuthClient(configuration: configuration)
    }

    func resetService() -> FirebaseResetService {
        FirebaseResetService(endpoints: Self.endpoints, linkLifetime: 3600, transport: self)
    }
}
