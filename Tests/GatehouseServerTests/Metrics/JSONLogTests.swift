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
import Logging
import Synchronization
import Testing

@testable import GatehouseServer

/// `GATEHOUSE_LOG_FORMAT=json`: one JSON object a line, with the request's id, route pattern,
/// status and duration, and nothing secret.
@Suite("Logs: the JSON format")
struct JSONLogTests {
    /// Collects whole lines as the handler hands them over.
    final class Capture: Sendable {
        let lines = Mutex<[Data]>([])
        var output: JSONLogOutput { JSONLogOutput { line in self.lines.withLock { $0.append(line) } } }
        var objects: [[String: Any]] {
            lines.withLock { $0 }.compactMap { try? JSONSerialization.jsonObject(with: $0) as? [String: Any] }
        }
    }

    @Test("each request line parses and carries request id, route pattern, status and duration", arguments: Backend.all)
    func requestLines(_ backend: Backend) async throws {
        let capture = Capture()
        let output = capture.output
        var logger = Logger(label: "gatehouse") { JSONLogHandler(label: $0, output: output) }
        logger.logLevel = .trace
        let email = TestServer.uniqueEmail("jsonlog")
        try await TestServer.withDatabase(backend) { database in
            var configuration = TestServer.configuration(databaseURL: database.url)
            configuration.logLevel = .trace
            let app = try await buildApplication(configuration: configuration, logger: logger, clock: .system)
            try await app.test(.router) { client in
                let body = try JSONSerialization.data(withJSONObject: ["email": email, "password": TestServer.password])
                let reply = try await client.executeRequest(
                    uri: "/auth/v1/signup", method: .post, headers: [.contentType: "application/json"], body: .init(data: body))
                #expect(reply.status == .ok)
                let id = try #require(reply.headers[HTTPField.Name("X-Request-Id")!])
                let lines = capture.lines.withLock { $0 }
                #expect(!lines.isEmpty)
                for line in lines {
                    #expect(line.last == UInt8(ascii: "\n"))
                    #expect(line.dropLast().firstIndex(of: UInt8(ascii: "\n")) == nil, "one object a line")
                    #expect((try? JSONSerialization.jsonObject(with: line)) is [String: Any], "\(String(decoding: line, as: UTF8.self))")
                }
                let request = try #require(
                    capture.objects.first { $0["message"] as? String == "Request" && $0["request_id"] as? String == id })
                #expect(request["route"] as? String == "/auth/v1/signup")
                #expect((request["status"] as? NSNumber)?.intValue == 200)
                #expect(request["method"] as? String == "POST")
                #expect(request["duration_ms"] is NSNumber)
                #expect(request["level"] as? String == "info")
                #expect(request["time"] as? String != nil)
                // No secret of the request in any line.
                let all = lines.map { String(decoding: $0, as: UTF8.self) }.joined()
                #expect(!all.contains(TestServer.password))
                #expect(!all.contains(TestServer.jwtSecret))
            }
        }
    }

    @Test("GATEHOUSE_LOG_FORMAT: text by default, json on request, anything else stops the start")
    func setting() throws {
        let env = ["GATEHOUSE_JWT_SECRET": TestServer.jwtSecret]
        #expect(try ServerConfiguration.fromEnvironment(env).logFormat == .text)
        #expect(try ServerConfiguration.fromEnvironment(env.merging(["GATEHOUSE_LOG_FORMAT": "JSON"]) { $1 }).logFormat == .json)
        #expect(throws: ConfigurationError.self) {
            try ServerConfiguration.fromEnvironment(env.merging(["GATEHOUSE_LOG_FORMAT": "xml"]) { $1 })
        }
        var configuration = try ServerConfiguration.fromEnvironment(env)
        configuration.logFormat = .json
        #expect(GatehouseLogging.handler(label: "x", configuration: configuration) is JSONLogHandler)
    }

    @Test("concurrent loggers never interleave lines")
    func wholeLines() async throws {
        let capture = Capture()
        let output = capture.output
        await withTaskGroup(of: Void.self) { group in
            for task in 0..<8 {
                group.addTask {
                    var logger = Logger(label: "t\(task)") { JSONLogHandler(label: $0, output: output) }
                    logger[metadataKey: "task"] = "\(task)"
                    for index in 0..<200 { logger.info("line \(index) \(String(repeating: "x", count: 200))") }
                }
            }
        }
        #expect(capture.objects.count == 1600)
    }
}
