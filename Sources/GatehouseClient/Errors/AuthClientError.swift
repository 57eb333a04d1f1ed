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

import GatehouseCore

/// Every way a call can fail, typed once so each surface maps it to the same words
/// (`userFacingMessage`).
public enum AuthClientError: Error, Sendable, Equatable {
    /// The server said no: a GoTrue error (or a reset backend's), with its code and status.
    case api(APIError)
    /// A 5xx without a usable error body (a gateway page, a crash).
    case server(status: Int)
    /// No answer within the deadline (30 s for the auth API, 10 s for spec 004's REST API).
    case timedOut
    /// The device is offline or the host cannot be reached.
    case notConnected
    /// Any other transport failure.
    case network(String)
    /// A 2xx answer whose body is not what the API promises.
    case malformedResponse(String)
    /// The call needs a signed-in session and there is none (or it was revoked).
    case sessionMissing
    /// A deep link that is not a sign-in or reset link this client understands.
    case invalidLink(String)
    /// A PKCE code arrived but this device holds no verifier for it (the link was opened
    /// somewhere other than where it was requested).
    case codeVerifierMissing

    /// The server's error, when it sent one.
    public var apiError: APIError? {
        if case .api(let error) = self { return error }
        return nil
    }

    /// Seconds to wait before retrying, when the server rate-limited the call.
    public var retryAfterSeconds: Int? {
        guard let error = apiError, error.isRateLimit else { return nil }
        return error.retryAfter ?? 60
    }
}

/// An error answer of the server.
public struct APIError: Sendable, Equatable {
    /// The HTTP status; 0 when the error came in a redirect (a link's `#error=` fragment).
    public var status: Int
    public var code: AuthErrorCode
    public var message: String
    /// From `Retry-After` (or a wait stated in the message), in seconds.
    public var retryAfter: Int?
    /// GoTrue's `weak_password.reasons`, for `weak_password` errors.
    public var weakPasswordReasons: [String]?
    /// The `message` is the backend's text for the person (spec 003's `error`, spec 004's
    /// `message`), which the specs say to display; GoTrue's messages are for developers.
    public var isWrittenForPeople: Bool

    public init(
        status: Int, code: AuthErrorCode, message: String, retryAfter: Int? = nil, weakPasswordReasons: [String]? = nil,
        isWrittenForPeople: Bool = false
    ) {
        self.status = status
        self.code = code
        self.message = message
        self.retryAfter = retryAfter
        self.weakPasswordReasons = weakPasswordReasons
        self.isWrittenForPeople = isWrittenForPeople
    }

    public var isRateLimit: Bool {
        status == 429 || code == .overRequestRateLimit || code == .overEmailSendRateLimit || code.rawValue == "too_many_requests"
    }
}
