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

/// Builds the requests of the GoTrue API with the headers the official clients send
/// (reference A10): `apikey`, a Bearer token, `X-Client-Info`, `X-Supabase-Api-Version: 2024-01-01`.
/// The bodies are GatehouseCore's request types (`SignUpRequest`, `TokenRequest`, …), the ones
/// the server decodes.
struct GoTrueRequestBuilder: Sendable {
    static let clientInfo = "gatehouse-swift/0.1.0"
    let baseURL: URL
    let apiKey: String?
    let headers: [String: String]

    func request(
        _ method: String, _ path: String, query: [(String, String?)] = [], body: (any Encodable)? = nil, bearer: String? = nil
    ) throws -> URLRequest {
        var components = URLComponents(url: baseURL.appendingPathComponent(path), resolvingAgainstBaseURL: false)
        let items = query.compactMap { name, value in value.map { URLQueryItem(name: name, value: $0) } }
        if !items.isEmpty { components?.queryItems = items }
        guard let url = components?.url else { throw AuthClientError.invalidLink("cannot build a URL for \(path)") }
        var request = URLRequest(url: url)
        request.httpMethod = method
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        request.setValue(Self.clientInfo, forHTTPHeaderField: "X-Client-Info")
        request.setValue(APIVersion.current, forHTTPHeaderField: APIVersion.header)
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        if let apiKey { request.setValue(apiKey, forHTTPHeaderField: "apikey") }
        if let token = bearer ?? apiKey { request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization") }
        if let body {
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
            do {
                request.httpBody = try JSONEncoder().encode(body)
            } catch {
                throw AuthClientError.network("could not encode the request body")
            }
        }
        return request
    }
}
