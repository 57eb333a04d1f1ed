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

/// The default log format: swift-log's `StreamLogHandler` on standard error
/// (`<time> <level> <label>: <key=value …> [<source>] <message>`), with the request's id under
/// `request_id` like the JSON format. A line built by hand was measured against this one and
/// bought 8 % or less on every goal figure (Benchmarks/PROFILE.md), so the library writes it.
public struct TextLogHandler: LogHandler {
    private var stream: StreamLogHandler

    public init(label: String, metadataProvider: Logger.MetadataProvider? = LoggingSystem.metadataProvider) {
        self.init(label: label, metadataProvider: metadataProvider, output: TextLogHandler.standardError)
    }

    init(label: String, metadataProvider: Logger.MetadataProvider? = nil, output: @escaping @Sendable (String) -> Void) {
        stream = StreamLogHandler(label: label, stream: LineOutput(sink: output), metadataProvider: metadataProvider)
    }

    public var logLevel: Logger.Level {
        get { stream.logLevel }
        set { stream.logLevel = newValue }
    }

    public var metadataProvider: Logger.MetadataProvider? {
        get { stream.metadataProvider }
        set { stream.metadataProvider = newValue }
    }

    public var metadata: Logger.Metadata {
        get { stream.metadata }
        set { stream.metadata = Dictionary(newValue.map { (Logger.Metadata.renamed($0.key), $0.value) }) { $1 } }
    }

    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { stream[metadataKey: Logger.Metadata.renamed(key)] }
        set { stream[metadataKey: Logger.Metadata.renamed(key)] = newValue }
    }

    public func log(event: LogEvent) {
        stream.log(event: event)
    }

    /// One `write(2)` a line on standard error (as the JSON lines are written): a line is never
    /// split between writes, so lines of concurrent requests do not interleave.
    static let standardError: @Sendable (String) -> Void = { line in
        FileHandle.standardError.write(Data(line.utf8))
    }
}

/// `StreamLogHandler` writes each line in one call; this hands it to the handler's output.
private struct LineOutput: TextOutputStream, Sendable {
    let sink: @Sendable (String) -> Void

    mutating func write(_ string: String) {
        sink(string)
    }
}

extension Logger.Metadata {
    /// The key both formats write the request's id under. Hummingbird keeps it on the request's
    /// logger as `hb.request.id` (`RequestContext.id` reads it there), so a line renames it.
    static let requestIdKey = "request_id"

    /// The key a line writes `key` under: the request's id under `requestIdKey`.
    static func renamed(_ key: String) -> String {
        key == RequestIdMiddleware.metadataKey ? requestIdKey : key
    }
}
