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
import HTTPTypes
import Hummingbird
import NIOCore
import NIOHTTP1

/// Turns every error into GoTrue's JSON, in the shape the request asked for: GoTrue's error
/// vocabulary is the server's default (unknown routes, the API). The Edge Function and REST
/// adapters render their own envelopes inside it; pages never let an error out.
///
/// `X-Supabase-Api-Version: 2024-01-01` (or later) selects `{"code": "<error_code>", "message"}`
/// and the header is echoed (supabase-swift and supabase-py read `code` only when it is);
/// otherwise the legacy `{"code": <status>, "error_code", "msg"}`. Unexpected errors become a
/// 500 that carries the request id and nothing of the error itself.
struct GoTrueErrorMiddleware: RouterMiddleware {
    typealias Context = GatehouseRequestContext
    static let apiVersionHeader = HTTPField.Name(APIVersion.header)!
    static let errorCodeHeader = HTTPField.Name("x-sb-error-code")!

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch {
            let authError = Self.authError(for: error, context: context)
            return Self.render(authError, request: request, requestId: context.id)
        }
    }

    static func authError(for error: any Error, context: Context) -> AuthError {
        switch error {
        case let error as AuthError:
            return error
        case is NIOTooManyBytesError:
            return AuthError(.requestTooLarge, kind: .tooLarge)
        case is HTTPParserError:
            // NIO's decoder failed on the body's framing (a bad chunk size, a NUL in a chunk
            // extension) while the body was being read: the client's fault, not ours.
            return AuthError(.badJSON, status: .badRequest, "Could not parse request body: malformed HTTP framing")
        case let error as HTTPError:
            switch error.status {
            case .notFound: return AuthError(.notFound, kind: .notFound)
            case .methodNotAllowed: return AuthError(.methodNotAllowed, kind: .unsupportedMethod)
            case .contentTooLarge: return AuthError(.requestTooLarge, kind: .tooLarge)
            case let status where (400..<500).contains(status.code):
                return AuthError(.validationFailed, status: status, error.body ?? status.reasonPhrase)
            default:
                break
            }
        default:
            break
        }
        context.logger.error("Unexpected error", metadata: ["error": "\(String(reflecting: type(of: error)))"])
        return AuthError(.unexpectedFailure, kind: .internalFailure)
    }

    static func render(_ error: AuthError, request: Request, requestId: String) -> Response {
        var headers = error.retryAfterHeaders
        headers[Self.errorCodeHeader] = error.code.rawValue
        let modern = request.headers[Self.apiVersionHeader].map(APIVersion.selectsModernErrorShape) ?? false
        var body: [String: JSONValue]
        if modern {
            headers[Self.apiVersionHeader] = APIVersion.current
            body = ["code": .string(error.code.rawValue), "message": .string(AuthErrorWording.text(for: error))]
        } else {
            body = [
                "code": .number(Double(error.status.code)), "error_code": .string(error.code.rawValue),
                "msg": .string(AuthErrorWording.text(for: error)),
            ]
            if error.status.code >= 500 { body["error_id"] = .string(requestId) }
        }
        if let reasons = error.weakPasswordReasons {
            body["weak_password"] = .object(["reasons": .array(reasons.map(JSONValue.string))])
        }
        return JSONBody.response(body, status: error.status, headers: headers)
    }

}
