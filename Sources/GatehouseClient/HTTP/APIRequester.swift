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

/// Sends the SDK's API requests over an `HTTPTransport` with a deadline and the SDK's error
/// mapping: every failure leaves here as an `AuthClientError` (or `CancellationError` when the
/// caller gave up), except a URL the transport policy refuses (`InsecureURLError`, a
/// configuration mistake). (Named so it is not mistaken for AsyncHTTPClient's `HTTPClient`.)
struct APIRequester: Sendable {
    let transport: any HTTPTransport
    /// The whole exchange must finish within this time (the login spec's 30 s; spec 004's 10 s).
    let timeout: TimeSpan

    /// Sends `request`; non-2xx answers are returned, not thrown.
    func send(_ request: URLRequest) async throws -> HTTPResult {
        // Credentials only over https (or to this machine), and nothing cacheable.
        try TransportPolicy.check(request.url)
        var timed = request
        timed.setValue("no-store", forHTTPHeaderField: "Cache-Control")
        timed.cachePolicy = .reloadIgnoringLocalCacheData
        // Whole seconds, at least one: FoundationNetworking on Linux truncates the interval and
        // a sub-second value times out at once. The race below keeps the exact deadline.
        timed.timeoutInterval = max(1, timeout.seconds.rounded(.up))
        let request = timed
        let transport = transport
        let timeout = timeout
        do {
            return try await withThrowingTaskGroup(of: HTTPResult.self) { group in
                group.addTask {
                    let (data, response) = try await transport.send(request)
                    return HTTPResult(data: data, response: response)
                }
                group.addTask {
                    try await timeout.sleep()
                    throw AuthClientError.timedOut
                }
                defer { group.cancelAll() }
                guard let first = try await group.next() else { throw AuthClientError.timedOut }
                return first
            }
        } catch let error as AuthClientError {
            throw error
        } catch is CancellationError {
            throw CancellationError()
        } catch let error as URLError {
            if error.code == .cancelled, Task.isCancelled { throw CancellationError() }
            throw AuthClientError(error)
        } catch {
            if Task.isCancelled { throw CancellationError() }
            throw AuthClientError.network(String(describing: error))
        }
    }

    /// Sends `request` and decodes a 2xx body as `T`; other statuses become errors.
    func decode<T: Decodable>(_ type: T.Type, from request: URLRequest) async throws -> T {
        let result = try await send(request)
        try result.requireSuccess()
        do {
            return try JSONDecoder().decode(T.self, from: result.data)
        } catch {
            throw AuthClientError.malformedResponse("could not decode \(T.self)")
        }
    }
}

/// An HTTP answer: status, headers (names lowercased) and body.
struct HTTPResult: Sendable {
    let data: Data
    let statusCode: Int
    let headers: [String: String]

    init(data: Data, statusCode: Int, headers: [String: String]) {
        self.data = data
        self.statusCode = statusCode
        self.headers = Dictionary(headers.map { ($0.key.lowercased(), $0.value) }) { first, _ in first }
    }

    init(data: Data, response: HTTPURLResponse) {
        var headers: [String: String] = [:]
        for (name, value) in response.allHeaderFields {
            if let name = name as? String, let value = value as? String { headers[name] = value }
        }
        self.init(data: data, statusCode: response.statusCode, headers: headers)
    }

    func header(_ name: String) -> String? { headers[name.lowercased()] }

    var isSuccess: Bool { (200..<300).contains(statusCode) }

    /// Throws the server's error unless the status is 2xx.
    func requireSuccess() throws {
        guard isSuccess else { throw ErrorResponse.error(self) }
    }
}

extension AuthClientError {
    /// Foundation's network errors, sorted into what a person can act on.
    init(_ error: URLError) {
        switch error.code {
        case .timedOut:
            self = .timedOut
        case .notConnectedToInternet, .networkConnectionLost, .cannotConnectToHost, .cannotFindHost,
            .dnsLookupFailed, .dataNotAllowed, .internationalRoamingOff, .callIsActive:
            self = .notConnected
        case .badServerResponse, .cannotParseResponse, .cannotDecodeContentData, .cannotDecodeRawData:
            self = .malformedResponse(error.localizedDescription)
        default:
            self = .network(error.localizedDescription)
        }
    }
}
