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
import Hummingbird
import HummingbirdTesting

@testable import GatehouseServer

/// A Pwned Passwords range API on 127.0.0.1 (a free port), for the breach lookup's tests:
/// `/range/<prefix>` lists `breached` with a count and pads with count-0 entries, `/padded/<prefix>`
/// has `breached` only as padding (count 0), `/broken/…` answers 500, `/slow/…` answers after
/// `slowDelay`. Every requested path is recorded.
struct FakeRangeServer {
    static let slowDelay: Duration = .seconds(3)

    final class Requests: @unchecked Sendable {
        private let lock = NSLock()
        private var paths: [String] = []
        func record(_ path: String) { lock.withLock { paths.append(path) } }
        var all: [String] { lock.withLock { paths } }
    }

    /// Runs `body` with the server's base URL (`http://127.0.0.1:<port>`) and its request log.
    static func run(breached password: String, _ body: @Sendable (String, Requests) async throws -> Void) async throws {
        let (prefix, suffix) = PasswordBreachLookup.hashParts(password)
        let requests = Requests()
        let router = Router()
        let padding = (0..<5).map { String(format: "%035X:0", $0 + 1) }
        router.get("range/:prefix") { request, context -> String in
            requests.record(request.uri.path)
            let listed = context.parameters.get("prefix") == prefix ? ["\(suffix):42"] : []
            return (padding + listed + ["00000000000000000000000000000000FFF:7"]).joined(separator: "\r\n")
        }
        router.get("padded/:prefix") { request, _ -> String in
            requests.record(request.uri.path)
            return (padding + ["\(suffix):0"]).joined(separator: "\r\n")
        }
        router.get("broken/:prefix") { request, _ -> Response in
            requests.record(request.uri.path)
            return Response(status: .internalServerError)
        }
        router.get("slow/:prefix") { request, _ -> String in
            requests.record(request.uri.path)
            // Real time: the lookup's deadline is AsyncHTTPClient's, on NIO's clock.
            try await Task.sleep(for: slowDelay)
            return "\(suffix):42"
        }
        let app = Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)))
        try await app.test(.live) { client in
            guard let port = client.port else { throw CancellationError() }
            try await body("http://127.0.0.1:\(port)", requests)
        }
    }
}
