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
import HTTPTypes
import Hummingbird
import NIOCore

/// An error as the Identity Toolkit and securetoken answer it:
/// `{"error":{"code":400,"message":"NAME[ : detail]","errors":[{"message","domain":"global","reason":"invalid"}]}}`.
///
/// Clients switch on `message` up to its first colon (the iOS SDK splits there) and, for an
/// invalid API key, on `errors[].reason` starting with `keyInvalid`. Build one from a name
/// (`FirebaseError.named`), or from a service's `AuthError` through the one mapping table
/// (`FirebaseError(_ error: AuthError)`, FirebaseErrorMapping.swift).
struct FirebaseError: Error, Sendable, Equatable {
    var status: HTTPResponse.Status
    /// `NAME` or `NAME : detail`.
    var message: String
    /// `errors[0].reason`.
    var reason: String = "invalid"
    /// Google's gRPC-style `status` (`INVALID_ARGUMENT`, `UNAUTHENTICATED`, …), sent where Google does.
    var grpcStatus: String?
    /// Google's `details[0].reason` (`API_KEY_INVALID`), sent where Google does.
    var detailReason: String?
    /// For rate limits: seconds until a retry can succeed, sent as `Retry-After`.
    var retryAfter: Int?

    /// The error's name: `message` up to the first colon, as clients read it.
    var name: String {
        String(message.split(separator: ":", maxSplits: 1).first ?? "").trimmingCharacters(in: .whitespaces)
    }

    /// A 400 (Firebase answers nearly every auth failure so) named `name`, with `detail` after " : ".
    static func named(_ name: String, _ detail: String? = nil, status: HTTPResponse.Status = .badRequest) -> FirebaseError {
        FirebaseError(status: status, message: detail.map { "\(name) : \($0)" } ?? name)
    }

    // MARK: The errors of the adapter itself (the services' outcomes are mapped in FirebaseErrorMapping.swift)

    static let apiKeyInvalid = FirebaseError(
        status: .badRequest, message: "API key not valid. Please pass a valid API key.", reason: "keyInvalid",
        grpcStatus: "INVALID_ARGUMENT", detailReason: "API_KEY_INVALID")
    static let apiKeyMissing = FirebaseError(
        status: .forbidden,
        message: "Method doesn't allow unregistered callers (callers without established identity). Please use API Key "
            + "or other form of API consumer identity to call this API.",
        reason: "forbidden", grpcStatus: "PERMISSION_DENIED")
    static let unauthenticated = FirebaseError(
        status: .unauthorized,
        message: "Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other "
            + "valid authentication credential.",
        reason: "unauthorized", grpcStatus: "UNAUTHENTICATED")
    static let insufficientPermission = FirebaseError(
        status: .forbidden, message: "INSUFFICIENT_PERMISSION", reason: "forbidden", grpcStatus: "PERMISSION_DENIED")
    static let projectMismatch = FirebaseError(
        status: .badRequest, message: "INVALID_PROJECT_ID : Project id of the request does not match this server's.")
    static let notFound = FirebaseError(status: .notFound, message: "NOT_FOUND", reason: "notFound", grpcStatus: "NOT_FOUND")
    static let internalError = FirebaseError(
        status: .internalServerError, message: "INTERNAL_ERROR", reason: "backendError", grpcStatus: "INTERNAL")

    /// The answer: the envelope as JSON, with the status and any `Retry-After`.
    func response() throws -> Response {
        var headers: HTTPFields = [.contentType: "application/json"]
        if let retryAfter { headers[.retryAfter] = String(retryAfter) }
        // Sorted keys: two failures that must not be told apart (wrong password, unknown
        // address) answer byte for byte the same body.
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let body = ByteBuffer(data: try encoder.encode(Envelope(self)))
        return Response(status: status, headers: headers, body: .init(byteBuffer: body))
    }

    struct Envelope: Encodable {
        struct Body: Encodable {
            var code: Int
            var message: String
            var errors: [Item]
            var status: String?
            var details: [Detail]?
        }
        struct Item: Encodable {
            var message: String
            var domain = "global"
            var reason: String
        }
        struct Detail: Encodable {
            var type = "type.googleapis.com/google.rpc.ErrorInfo"
            var reason: String
            var domain = "googleapis.com"
            enum CodingKeys: String, CodingKey {
                case type = "@type"
                case reason, domain
            }
        }
        var error: Body

        init(_ error: FirebaseError) {
            self.error = Body(
                code: error.status.code, message: error.message, errors: [Item(message: error.message, reason: error.reason)],
                status: error.grpcStatus, details: error.detailReason.map { [Detail(reason: $0)] })
        }
    }
}
