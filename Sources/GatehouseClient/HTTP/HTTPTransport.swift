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

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Sends one HTTP request and returns the answer, whatever its status. The SDK's only door to the
/// network, so tests can count, record or replace requests (the isowords "live/interface" split).
public protocol HTTPTransport: Sendable {
    func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse)
}

/// The production transport: Foundation's `URLSession` (FoundationNetworking on Linux).
///
/// The default session follows no redirects, since a 307 would carry the password
/// or token to wherever it points, and keeps no cache or cookies. A session passed in should do
/// the same (see `URLSessionTransport.makeSession()`).
public struct URLSessionTransport: HTTPTransport {
    private let session: URLSession

    public init(session: URLSession = URLSessionTransport.sharedSession) {
        self.session = session
    }

    /// One session for every default transport (a session per request would leak connections).
    public static let sharedSession = makeSession()

    /// An ephemeral session without a URL cache that refuses every redirect: the 3xx answer
    /// comes back as the result (an error to the SDK) and the request is not re-sent.
    public static func makeSession() -> URLSession {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.httpShouldSetCookies = false
        configuration.httpCookieAcceptPolicy = .never
        return URLSession(configuration: configuration, delegate: RefuseRedirects(), delegateQueue: nil)
    }

    public func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
        let (data, response) = try await session.data(for: request)
        guard let http = response as? HTTPURLResponse else {
            throw AuthClientError.malformedResponse("not an HTTP response")
        }
        return (data, http)
    }
}

/// Answers every redirect with "do not follow".
final class RefuseRedirects: NSObject, URLSessionTaskDelegate, @unchecked Sendable {
    // @unchecked: no stored state.
    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        completionHandler(nil)
    }
}
