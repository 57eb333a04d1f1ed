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
import Logging
import Synchronization
import Testing

@testable import GatehouseServer

/// The default (text) log format: `TextLogHandler` writes what swift-log's `StreamLogHandler`
/// writes, character for character, with the request's id under the JSON format's key.
@Suite("Logs: the text format")
struct TextLogTests {
    final class Lines: TextOutputStream, @unchecked Sendable {
        let lines = Mutex<[String]>([])
        func write(_ string: String) { lines.withLock { $0.append(string) } }
        var all: [String] { lines.withLock { $0 } }
    }

    /// The line without its leading timestamp (the two handlers may straddle a second).
    static func body(_ line: String) -> Substring { line.drop { $0 != " " } }

    static func events() -> [(Logger.Level, Logger.Message, Logger.Metadata?, (any Error)?)] {
        struct Failure: Error, CustomStringConvertible { var description: String { "it broke" } }
        return [
            (
                .info, "Request", ["method": "POST", "path": "/auth/v1/recover", "status": .stringConvertible(200), "duration_ms": "0.52"],
                nil
            ),
            (.warning, "plain", nil, nil),
            (.error, "nested", ["list": .array(["a", "b"]), "map": .dictionary(["k": "v"])], Failure()),
        ]
    }

    @Test("each line is StreamLogHandler's line")
    func sameLines() {
        let reference = Lines()
        let ours = Lines()
        var streamLogger = Logger(label: "gatehouse") { StreamLogHandler(label: $0, stream: reference, metadataProvider: nil) }
        var textLogger = Logger(label: "gatehouse") { label in
            TextLogHandler(label: label, output: { ours.write($0) })
        }
        // Hummingbird's key on the request's logger is written as `request_id`, the JSON format's key.
        streamLogger[metadataKey: "request_id"] = "abc123"
        textLogger[metadataKey: "hb.request.id"] = "abc123"
        for (level, message, metadata, error) in Self.events() {
            streamLogger.log(level: level, message, error: error, metadata: metadata)
            textLogger.log(level: level, message, error: error, metadata: metadata)
        }
        #expect(reference.all.count == 3)
        #expect(ours.all.map(Self.body) == reference.all.map(Self.body))
        for line in ours.all {
            #expect(line.wholeMatch(of: /\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[+-]\d{4} .*\n/) != nil, "\(line)")
        }
    }

    @Test("the JSON lines' time is UTC with milliseconds")
    func utcTime() {
        let time = LogTimestamp.shared.utc()
        #expect(time.wholeMatch(of: /\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z/) != nil, "\(time)")
    }

    @Test("a logged error's message and type are in both formats' lines")
    func errorsInBothFormats() throws {
        struct Refused: Error, CustomStringConvertible { var description: String { "relay said no" } }
        let text = Lines()
        let json = JSONLogTests.Capture()
        let output = json.output
        let textLogger = Logger(label: "gatehouse") { TextLogHandler(label: $0, output: { text.write($0) }) }
        let jsonLogger = Logger(label: "gatehouse") { JSONLogHandler(label: $0, output: output) }
        textLogger.error("Outbox: giving up", error: Refused())
        jsonLogger.error("Outbox: giving up", error: Refused())
        #expect(text.all.first?.contains("error.message=relay said no") == true)
        let object = try #require(json.objects.first)
        #expect(object["error.message"] as? String == "relay said no")
        #expect((object["error.type"] as? String)?.hasSuffix("Refused") == true)
    }
}
