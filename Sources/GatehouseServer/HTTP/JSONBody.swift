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
import Hummingbird
import NIOCore

/// Reading request bodies and writing JSON answers the way GoTrue does.
enum JSONBody {
    /// How deeply arrays and objects may nest in a body (`GATEHOUSE_MAX_JSON_DEPTH`, set per
    /// request by `JSONDepthLimit`).
    @TaskLocal static var maximumDepth = ServerConfiguration.defaultMaximumJSONDepth

    /// Decodes the body as `T` whatever the Content-Type says (GoTrue ignores it too). An empty
    /// body reads as `{}`, so a missing field is reported by name rather than as bad JSON.
    static func decode<T: Decodable>(_ type: T.Type, from request: Request, context: some RequestContext) async throws -> T {
        let buffer: ByteBuffer
        do {
            buffer = try await request.body.collect(upTo: context.maxUploadSize)
        } catch is NIOTooManyBytesError {
            throw AuthError(.requestTooLarge, kind: .tooLarge)
        }
        // Before any decoding: a body nested past the bound is refused after one linear scan,
        // and a NUL, which no column can store, is refused naming its field.
        switch JSONShape.check(buffer.readableBytesView, maximumDepth: maximumDepth) {
        case .tooDeep(let limit)?:
            throw AuthError(.badJSON, status: .badRequest, "Could not parse request body as JSON: nested deeper than \(limit) levels")
        case .nul(let field)?:
            // 422, as for a NUL in a password.
            let message = field.isEmpty ? "A key cannot contain a NUL character" : "Field \"\(field)\" cannot contain a NUL character"
            throw AuthError(.validationFailed, status: .unprocessableContent, message)
        case nil:
            break
        }
        let bytes = buffer.readableBytes == 0 ? Data("{}".utf8) : Data(buffer: buffer)
        do {
            return try JSONDecoder().decode(T.self, from: bytes)
        } catch let refusal as AuthError {
            // A body type's own check (an unknown field), already worded for the caller.
            throw refusal
        } catch {
            throw AuthError(.badJSON, status: .badRequest, "Could not parse request body as JSON: \(describe(error))")
        }
    }

    static func response(_ value: some Encodable, status: HTTPResponse.Status = .ok, headers: HTTPFields = [:]) throws -> Response {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .withoutEscapingSlashes
        var headers = headers
        headers[.contentType] = "application/json"
        return Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(data: try encoder.encode(value))))
    }

    /// The same answer for the payloads that write their own JSON (sessions, users): the hot
    /// paths skip `Codable`.
    static func response(_ value: some Encodable & JSONWritable, status: HTTPResponse.Status = .ok, headers: HTTPFields = [:]) -> Response {
        var headers = headers
        headers[.contentType] = "application/json"
        return Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: JSONWriter.encode(value))))
    }

    /// A short reason that names the offending field but never echoes a value.
    private static func describe(_ error: any Error) -> String {
        guard let error = error as? DecodingError else { return "invalid JSON" }
        switch error {
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            let path = context.codingPath.map(\.stringValue).joined(separator: ".")
            return path.isEmpty ? "unexpected JSON type" : "wrong type for field \"\(path)\""
        case .keyNotFound(let key, _):
            return "missing field \"\(key.stringValue)\""
        case .dataCorrupted:
            return "invalid JSON"
        @unknown default:
            return "invalid JSON"
        }
    }
}

/// `{}`: GoTrue's answer where there is nothing to say (every `/recover`: written, not encoded).
struct EmptyObject: Codable, Sendable, Equatable, JSONWritable {
    func write(to writer: inout JSONWriter) { writer.object { _ in } }
}
