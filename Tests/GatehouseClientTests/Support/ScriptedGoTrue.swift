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
import GatehouseCore
import GatehouseTestSupport

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A GoTrue server played by the test: each request is answered by `respond`, which may hold an
/// answer back on a `ScriptGate` to make it "land late". Every request is recorded.
final class ScriptedGoTrue: HTTPTransport {
    struct Answer: Sendable {
        var status: Int
        var body: String
        static func json(_ body: String, status: Int = 200) -> Answer { Answer(status: status, body: body) }
        static let noContent = Answer(status: 204, body: "")
        static func error(_ code: String, status: Int) -> Answer {
            Answer(status: status, body: #"{"code":"\#(code)","message":"\#(code)"}"#)
        }
    }

    private let recorded = Watched<[URLRequest]>([])
    private let respond: @Sendable (URLRequest) async throws -> Answer

    init(_ respond: @escaping @Sendable (URLRequest) async throws -> Answer) {
        self.respond = respond
    }

    func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
        recorded.update { $0.append(request) }
        let answer = try await respond(request)
        let headers = ["Content-Type": "application/json", "X-Supabase-Api-Version": "2024-01-01"]
        let response = HTTPURLResponse(url: request.url!, statusCode: answer.status, httpVersion: "HTTP/1.1", headerFields: headers)!
        return (Data(answer.body.utf8), response)
    }

    var requests: [URLRequest] { recorded.value }

    /// Requests to a path ending in `path` (and whose query contains `query`).
    func requests(path: String, query: String? = nil) -> [URLRequest] {
        Self.requests(requests, path: path, query: query)
    }

    private static func requests(_ requests: [URLRequest], path: String, query: String?) -> [URLRequest] {
        requests.filter { request in
            guard let url = request.url, url.path.hasSuffix(path) else { return false }
            return query.map { url.query?.contains($0) ?? false } ?? true
        }
    }

    /// Waits (bounded, see `Watched`) until `count` requests to `path` arrived.
    func wait(forRequests count: Int, path: String, query: String? = nil) async {
        await recorded.wait { Self.requests($0, path: path, query: query).count >= count }
    }
}

extension URLRequest {
    var bearer: String? {
        value(forHTTPHeaderField: "Authorization").map { String($0.dropFirst("Bearer ".count)) }
    }

    var jsonBody: [String: String] {
        guard let body = httpBody, let object = try? JSONSerialization.jsonObject(with: body) as? [String: Any] else { return [:] }
        return object.compactMapValues { $0 as? String }
    }
}

/// A one-shot gate a scripted answer waits on (bounded, see `Watched`).
final class ScriptGate: Sendable {
    private let opened = Watched(false)

    func open() { opened.update { $0 = true } }

    func wait() async {
        await opened.wait { $0 }
    }
}

/// Sessions and users as a GoTrue server answers them, for scripted answers.
enum Scripted {
    static let alice = "aaaaaaaa-0000-4000-8000-000000000001"
    static let bob = "bbbbbbbb-0000-4000-8000-000000000002"

    static func userJSON(id: String, email: String) -> String {
        #"{"id":"\#(id)","aud":"authenticated","role":"authenticated","email":"\#(email)","app_metadata":{},"user_metadata":{},"identities":[],"created_at":"2026-01-01T00:00:00Z","updated_at":"2026-01-01T00:00:00Z"}"#
    }

    static func session(_ name: String, id: String, expiresAt: Date) -> String {
        let at = Int64(expiresAt.timeIntervalSince1970)
        let email = String(name.prefix(while: { $0.isLetter })) + "@example.com"
        let user = userJSON(id: id, email: email)
        return
            #"{"access_token":"access-\#(name)","token_type":"bearer","expires_in":3600,"expires_at":\#(at),"refresh_token":"refresh-\#(name)","user":\#(user)}"#
    }

    /// A client of the scripted server: PKCE unless told, no background refresh, its time (and the
    /// refresher's pauses) on `clock`.
    static func client(
        _ transport: ScriptedGoTrue, clock: FixedClock, storage: any SessionStorage = MemorySessionStorage(),
        configure: (inout AuthClientConfiguration) -> Void = { _ in }
    ) -> AuthClient {
        var configuration = AuthClientConfiguration(url: URL(string: "https://auth.example.com/auth/v1")!, storage: storage)
        configuration.transport = transport
        configuration.autoRefreshToken = false
        configuration.redirectURL = URL(string: "myapp://auth/callback")
        configuration.now = { clock.now }
        configuration.sleep = { try await clock.sleep(for: $0) }
        configure(&configuration)
        return AuthClient(configuration: configuration)
    }

    /// A scratch `FileSessionStorage` folder; the test removes it (`removeDirectory()`).
    static func fileStorage() -> FileSessionStorage {
        FileSessionStorage(
            directory: FileManager.default.temporaryDirectory.appendingPathComponent("gatehouse-session-\(UUID().uuidString)"))
    }
}

extension FileSessionStorage {
    /// Removes the scratch folder and what the test wrote in it, so that a run leaves nothing behind.
    func removeDirectory() {
        try? FileManager.default.removeItem(at: directory)
    }
}
