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

import Logging
import Synchronization

/// A log handler that keeps every line, to check what the models log (and what they never do).
final class CapturedLogs: Sendable {
    struct Line: Sendable {
        var level: Logger.Level
        var message: String
        var metadata: String
    }

    private let storage = Mutex<[Line]>([])
    var lines: [Line] { storage.withLock { $0 } }

    func append(_ line: Line) { storage.withLock { $0.append(line) } }

    var logger: Logger {
        Logger(label: "captured") { _ in Handler(logs: self) }
    }

    /// Every line and its metadata as one text, to search for secrets.
    var text: String { lines.map { "\($0.message) \($0.metadata)" }.joined(separator: "\n") }

    struct Handler: LogHandler {
        let logs: CapturedLogs
        var metadata: Logger.Metadata = [:]
        var logLevel: Logger.Level = .trace

        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }

        func log(event: LogEvent) {
            let all = metadata.merging(event.metadata ?? [:]) { $1 }
            let text = all.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
            logs.append(Line(level: event.level, message: "\(event.message)", metadata: text))
        }
    }
}
