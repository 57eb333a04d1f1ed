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

/// Spec 004's REST API: `POST <base>/request_password_reset/ {email}` with `Content-Type`,
/// `Accept` and `X-App-Version`, 10 s timeout; `legacy` posts to `reset_password/` instead.
public struct RESTResetService: PasswordResetService {
    public enum Endpoint: String, Sendable {
        case requestPasswordReset = "request_password_reset/"
        case legacyResetPassword = "reset_password/"
    }

    private let baseURL: URL
    private let endpoint: Endpoint
    private let appVersion: String?
    private let http: APIRequester

    /// - Parameters:
    ///   - baseURL: the API root, e.g. `https://example.com/api/`.
    ///   - appVersion: sent as `X-App-Version` (the app's `CFBundleShortVersionString`).
    public init(
        baseURL: URL, endpoint: Endpoint = .requestPasswordReset, appVersion: String? = RESTResetService.bundleVersion,
        timeout: TimeSpan = .seconds(10), transport: any HTTPTransport = URLSessionTransport()
    ) {
        self.baseURL = baseURL
        self.endpoint = endpoint
        self.appVersion = appVersion
        self.http = APIRequester(transport: transport, timeout: timeout)
    }

    public static var bundleVersion: String? {
        Bundle.main.object(forInfoDictionaryKey: "CFBundleShortVersionString") as? String
    }

    /// The URL requests go to (the trailing slash is part of the route).
    public var url: URL {
        URL(string: endpoint.rawValue, relativeTo: baseURL.absoluteString.hasSuffix("/") ? baseURL : baseURL.appendingPathComponent(""))?
            .absoluteURL ?? baseURL.appendingPathComponent(endpoint.rawValue)
    }

    public func requestPasswordReset(for email: EmailAddress) async throws -> PasswordResetReceipt {
        var request = URLRequest(url: url)
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        if let appVersion { request.setValue(appVersion, forHTTPHeaderField: "X-App-Version") }
        request.httpBody = try JSONEncoder().encode(PasswordResetEmailRequest(email: email.normalized))
        let result = try await http.send(request)
        let data = result.data
        let status = result.statusCode
        let parsed = ForgotPasswordResponse(data: data)
        // "No such user" reads as sent, so the page never tells which addresses are registered.
        if parsed?.status != true, AccountNotFound.matches(status: status, body: data) { return PasswordResetReceipt() }
        guard (200..<300).contains(status) else {
            if status >= 500 { throw AuthClientError.server(status: status) }
            let object = (try? JSONDecoder().decode(JSONValue.self, from: data))?.objectValue
            let code = object?["error"]?.stringValue
            throw ResetBackendError.error(result, message: object?["message"]?.stringValue ?? code, code: code)
        }
        guard let parsed else {
            throw AuthClientError.malformedResponse("the reset answer has neither success nor user_exist_status")
        }
        // A legacy `user_exist_status: false` said "no such user": shown like any success (and
        // without the backend's words), so the page never tells whether an address is registered.
        if !parsed.status, parsed.isLegacy { return PasswordResetReceipt() }
        guard parsed.status else {
            throw AuthClientError.api(APIError(status: status, code: .unexpectedFailure, message: parsed.message, isWrittenForPeople: true))
        }
        // A legacy backend's words differ between registered and unknown addresses ("mail has
        // bin send" or nothing): not passed on, so the page shows its own, the same for all.
        return PasswordResetReceipt(
            message: parsed.isLegacy ? nil : parsed.message, resetMethod: parsed.resetMethod, linkSent: parsed.resetLinkSent,
            linkExpiresIn: parsed.linkExpiresIn
        )
    }
}
