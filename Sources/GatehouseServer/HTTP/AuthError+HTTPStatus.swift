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
import HTTPTypes

/// The HTTP status of each kind of failure: what GoTrue answers, and what every HTTP adapter
/// (the REST and Edge Function envelopes, the pages) starts from. The one table where a domain
/// failure meets HTTP.
extension AuthError.Kind {
    var httpStatus: HTTPResponse.Status {
        switch self {
        case .invalidRequest: .badRequest
        case .unauthenticated: .unauthorized
        case .forbidden: .forbidden
        case .notFound: .notFound
        case .unsupportedMethod: .methodNotAllowed
        case .conflict: .conflict
        case .tooLarge: .contentTooLarge
        case .refused: .unprocessableContent
        case .rateLimited: .tooManyRequests
        case .internalFailure: .internalServerError
        case .unavailable: .serviceUnavailable
        }
    }

    /// The kind an adapter means by a status it chose (its own refusals: a body too large, an
    /// unknown method).
    init(httpStatus status: HTTPResponse.Status) {
        switch status {
        case .unauthorized: self = .unauthenticated
        case .forbidden: self = .forbidden
        case .notFound: self = .notFound
        case .methodNotAllowed: self = .unsupportedMethod
        case .conflict: self = .conflict
        case .contentTooLarge: self = .tooLarge
        case .unprocessableContent: self = .refused
        case .tooManyRequests: self = .rateLimited
        case .serviceUnavailable: self = .unavailable
        default: self = status.code >= 500 ? .internalFailure : .invalidRequest
        }
    }
}

extension AuthError {
    /// The status the HTTP adapters answer with.
    var status: HTTPResponse.Status { kind.httpStatus }

    /// An adapter's own failure, by the status it answers with.
    init(
        _ code: AuthErrorCode, status: HTTPResponse.Status, _ detail: String, weakPasswordReasons: [String]? = nil, retryAfter: Int? = nil
    ) {
        self.init(code, kind: Kind(httpStatus: status), detail, weakPasswordReasons: weakPasswordReasons, retryAfter: retryAfter)
    }
}
