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

import AsyncHTTPClient
import Foundation
import NIOCore

/// One document an issuer publishes (its JWKS, its discovery document), as fetched.
struct FetchedDocument: Sendable, Equatable {
    var body: Data
    /// `Cache-Control: max-age`, in seconds, when the answer gave one.
    var maxAge: Int?
}

/// Fetches an issuer's public documents. The cache and the verifier go through this, so tests
/// hand them documents without a network.
protocol ProviderDocumentFetching: Sendable {
    /// The document at `url`; throws when it cannot be had (unreachable, slow, not 200, too large).
    func fetch(_ url: String) async throws -> FetchedDocument
}

/// `GET url` over AsyncHTTPClient, within a time limit and a size limit: an issuer's keys and
/// discovery document are a few kilobytes, and one that answers slowly or with megabytes must not
/// hold a sign-in or the server's memory.
struct HTTPDocumentFetcher: ProviderDocumentFetching {
    static let defaultTimeout: Duration = .seconds(5)
    static let defaultMaximumBytes = 64 * 1024

    let client: HTTPClient
    let timeout: Duration
    let maximumBytes: Int

    init(client: HTTPClient = .shared, timeout: Duration = defaultTimeout, maximumBytes: Int = defaultMaximumBytes) {
        self.client = client
        self.timeout = timeout
        self.maximumBytes = maximumBytes
    }

    enum Failure: Error, Equatable {
        case status(UInt)
    }

    func fetch(_ url: String) async throws -> FetchedDocument {
        var request = HTTPClientRequest(url: url)
        request.headers.add(name: "Accept", value: "application/json")
        request.headers.add(name: "User-Agent", value: "gatehouse")
        let response = try await client.execute(request, timeout: .nanoseconds(timeout.nanoseconds))
        guard response.status == .ok else { throw Failure.status(response.status.code) }
        let body = try await response.body.collect(upTo: maximumBytes)
        let maxAge = response.headers["Cache-Control"].lazy.compactMap(Self.maxAge).first
        return FetchedDocument(body: Data(buffer: body), maxAge: maxAge)
    }

    /// `max-age=N` of one `Cache-Control` header value; `no-cache`/`no-store` read as 0.
    static func maxAge(_ header: String) -> Int? {
        var seconds: Int?
        for directive in header.split(separator: ",") {
            let parts = directive.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
            switch parts.first {
            case "no-store", "no-cache": return 0
            case "max-age": seconds = parts.count == 2 ? Int(parts[1].trimmingCharacters(in: CharacterSet(charactersIn: "\""))) : nil
            default: continue
            }
        }
        return seconds
    }
}
