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

/// Passes requests to URLSession and records them (to count refreshes, read headers and timeouts).
final class RecordingTransport: HTTPTransport {
    private let recorded = Mutex<[URLRequest]>([])
    private let inner = URLSessionTransport()

    func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
        recorded.withLock { $0.append(request) }
        return try await inner.send(request)
    }

    var requests: [URLRequest] { recorded.withLock { $0 } }

    func count(path: String, query: String? = nil) -> Int {
        requests.filter { request in
            guard let url = request.url, url.path.hasSuffix(path) else { return false }
            return query.map { url.query?.contains($0) ?? false } ?? true
        }.count
    }
}

/// Answers every request with a fixed status, headers and body (for 5xx pages and broken bodies
/// that a real Gatehouse never sends).
struct StubTransport: HTTPTransport {
    var status: Int
    var headers: [String: String] = [:]
    var body: String

    func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
        let response = HTTPURLResponse(url: request.url!, statusCode: status, httpVersion: "HTTP/1.1", headerFields: headers)!
        return (Data(body.utf8), response)
    }
}
