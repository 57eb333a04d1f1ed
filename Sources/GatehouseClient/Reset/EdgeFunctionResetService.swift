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

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Spec 003: `POST …/functions/v1/send-reset-email {email}` → `{"success": true, "message"}`, or
/// `{"success": false, "error"}` (with a 4xx or 5xx on Gatehouse; some deployments answer 200).
public struct EdgeFunctionResetService: PasswordResetService {
    private let url: URL
    private let apiKey: String?
    private let http: APIRequester

    /// - Parameters:
    ///   - url: the function's full URL, e.g. `https://<project>.supabase.co/functions/v1/send-reset-email`.
    ///   - apiKey: Supabase's anon key, sent as `apikey` and Bearer token when given.
    public init(url: URL, apiKey: String? = nil, timeout: TimeSpan = .seconds(30), transport: any HTTPTransport = URLSessionTransport()) {
        self.url = url
        self.apiKey = apiKey
        self.http = APIRequester(transport: transport, timeout: timeout)
    }

    /// The function at `<base>/functions/v1/send-reset-email`.
    public init(baseURL: URL, apiKey: String? = nil, timeout: TimeSpan = .seconds(30), transport: any HTTPTransport = URLSessionTransport())
    {
        self.init(
            url: baseURL.appendingPathComponent("functions/v1/send-reset-email"), apiKey: apiKey, timeout: timeout, transport: transport)
    }

    public func requestPasswordReset(for email: EmailAddress) async throws -> PasswordResetReceipt {
        var request = URLRequest(url: url)
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        if let apiKey {
            request.setValue(apiKey, forHTTPHeaderField: "apikey")
            request.setValue("Bearer \(apiKey)", forHTTPHeaderField: "Authorization")
        }
        request.httpBody = try JSONEncoder().encode(PasswordResetEmailRequest(email: email.normalized))
        let result = try await http.send(request)
        let data = result.data
        let status = result.statusCode
        let answer = try? JSONDecoder().decode(EdgeFunctionResetAnswer.self, from: data)
        // "No such user" reads as sent, so the page never tells which addresses are registered.
        if AccountNotFound.matches(status: status, body: data), answer?.success != true { return PasswordResetReceipt() }
        if (200..<300).contains(status) {
            guard let answer else { throw AuthClientError.malformedResponse("the Edge Function's answer has no success field") }
            guard answer.success else {
                // The function ran but could not send (spec 003's `{"success": false, "error"}`).
                throw AuthClientError.api(
                    APIError(
                        status: status, code: .unexpectedFailure, message: answer.error ?? UserFacingText.ForgotPassword.failedToSend,
                        isWrittenForPeople: true
                    ))
            }
            return PasswordResetReceipt(message: answer.message)
        }
        if status >= 500 { throw AuthClientError.server(status: status) }
        throw ResetBackendError.error(result, message: answer?.error, code: nil)
    }
}

/// The error of a reset backend that answers `{"success": false, "error": …}`.
enum ResetBackendError {
    static func error(_ result: HTTPResult, message: String?, code: String?) -> AuthClientError {
        let status = result.statusCode
        let header = RetryAfter.seconds(fromHeader: result.header("Retry-After"))
        let text = message ?? "HTTP \(status)"
        let code: AuthErrorCode =
            code.map(AuthErrorCode.init(rawValue:))
            ?? (status == 429 ? .overEmailSendRateLimit : status == 400 || status == 422 ? .validationFailed : .unknown)
        let retryAfter = header ?? (status == 429 ? RetryAfter.seconds(fromMessage: text) : nil)
        // The backend's own words (its `error` or `message`) are for the person; "HTTP 400" is not.
        return .api(APIError(status: status, code: code, message: text, retryAfter: retryAfter, isWrittenForPeople: message != nil))
    }
}
