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
import HummingbirdTesting
import Logging
import Synchronization
import Testing

@testable import GatehouseServer

/// The request line's fields as a log collector reads them: numbers as JSON numbers, and the
/// request's id under one key, `request_id`, in the text and the JSON format alike.
@Suite("Logs: request line fields")
struct LogFieldTests {
    /// Sends one sign-up through an app logging to `logger`; returns the answer's request id.
    static func signUp(_ backend: Backend, logger: Logger) async throws -> String {
        let id = Mutex("")
        try await TestServer.withDatabase(backend) { database in
            var configuration = TestServer.configuration(databaseURL: database.url)
            configuration.logLevel = .info
            let app = try await buildApplication(configuration: configuration, logger: logger, clock: .system)
            try await app.test(.router) { client in
                let body = try JSONSerialization.data(
                    withJSONObject: ["email": TestServer.uniqueEmail("fields"), "password": TestServer.password])
                let reply = try await client.executeRequest(
                    uri: "/auth/v1/signup", method: .post, headers: [.contentType: "application/json"], body: .init(data: body))
                #expect(reply.status == .ok)
                let answered = try #require(reply.headers[HTTPField.Name("X-Request-Id")!])
                id.withLock { $0 = answered }
            }
        }
        return id.withLock { $0 }
    }

    @Test("JSON: status and duration_ms are numbers; the id is request_id", arguments: Backend.all)
    func jsonNumbers(_ backend: Backend) async throws {
        let capture = JSONLogTests.Capture()
        let output = capture.output
        var logger = Logger(label: "gatehouse") { JSONLogHandler(label: $0, output: output) }
        logger.logLevel = .info
        let id = try await Self.signUp(backend, logger: logger)
        let line = try #require(capture.objects.first { $0["message"] as? String == "Request" && $0["request_id"] as? String == id })
        #expect((line["status"] as? NSNumber)?.intValue == 200, "\(line)")
        #expect(!(line["status"] is String), "\(line)")
        let duration = try #require(line["duration_ms"] as? NSNumber, "\(line)")
        #expect(duration.doubleValue >= 0)
        #expect(line.keys.allSatisfy { !$0.hasPrefix("hb.") }, "\(line.keys.sorted())")
    }

    @Test("text: the id is request_id too, never hb.request.id", arguments: Backend.all)
    func textKey(_ backend: Backend) async throws {
        let lines = Mutex<[String]>([])
        var logger = Logger(label: "gatehouse") { label in
            TextLogHandler(label: label, output: { line in lines.withLock { $0.append(line) } })
        }
        logger.logLevel = .info
        let id = try await Self.signUp(backend, logger: logger)
        let all = lines.withLock { $0 }
        let request = try #require(all.first { $0.contains("Request") && $0.contains(id) }, "\(all)")
        #expect(request.contains(" request_id=\(id)"), "\(request)")
        #expect(!all.joined().contains("hb.request.id"), "\(request)")
        #expect(request.contains(" status=200"), "\(request)")
    }
}
