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
import Logging
import Synchronization

/// swift-log's lines as JSON (`GATEHOUSE_LOG_FORMAT=json`): one object a line with `time`,
/// `level`, `label`, `message` and every metadata value (the request's id as `request_id`, as in
/// the text format), for log collectors that parse lines instead of guessing at text. Integers and
/// `LogNumber`s are JSON numbers; every other value is a string.
///
/// It formats only what is logged: secrets are kept out by the same rules as the text format
/// (`Secret` and `RedactedDescription` print nothing of their value; tokens are never logged).
public struct JSONLogHandler: LogHandler {
    public var metadata: Logger.Metadata = [:]
    public var metadataProvider: Logger.MetadataProvider?
    public var logLevel: Logger.Level = .info
    let label: String
    let output: JSONLogOutput

    public init(label: String, output: JSONLogOutput = .standardError) {
        self.label = label
        self.output = output
    }

    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    public func log(event: LogEvent) {
        let merged = Logger.Metadata.line(base: metadata, provider: metadataProvider, event: event)
        var members = merged
        members["time"] = .string(LogTimestamp.shared.utc())
        members["level"] = .string(event.level.rawValue)
        members["label"] = .string(label)
        members["message"] = .string(event.message.description)
        // Written by Core's JSONWriter, keys sorted: a line through `JSONSerialization` cost about
        // a third of a whole health request, and every request writes one (Benchmarks/PROFILE.md).
        var writer = JSONWriter(capacity: 256)
        Self.write(members, to: &writer)
        output.write(Data(writer.bytes + [UInt8(ascii: "\n")]))
    }

    private static func write(_ members: [String: Logger.Metadata.Value], to writer: inout JSONWriter) {
        writer.sortedObject(members) { write($1, to: &$0) }
    }

    private static func write(_ value: Logger.Metadata.Value, to writer: inout JSONWriter) {
        switch value {
        case .string(let text): writer.string(text)
        case .stringConvertible(let value as any BinaryInteger): writer.integer(value)
        case .stringConvertible(let value as any LogNumber): writer.number(value.logNumber)
        case .stringConvertible(let value): writer.string(value.description)
        case .array(let values): writer.array(values) { write($1, to: &$0) }
        case .dictionary(let values): write(values, to: &writer)
        }
    }
}

/// Where JSON lines go: standard error, or (in tests) a closure. Each line is handed over
/// whole, under a lock, so lines of concurrent requests never interleave.
public final class JSONLogOutput: Sendable {
    private let sink: Mutex<@Sendable (Data) -> Void>

    public init(_ sink: @escaping @Sendable (Data) -> Void) {
        self.sink = Mutex(sink)
    }

    public static let standardError = JSONLogOutput { FileHandle.standardError.write($0) }

    func write(_ line: Data) {
        sink.withLock { $0(line) }
    }
}

/// The log handler `GATEHOUSE_LOG_FORMAT` asks for, at the configured level.
public enum GatehouseLogging {
    public static func handler(label: String, configuration: ServerConfiguration) -> any LogHandler {
        switch configuration.logFormat {
        case .json:
            var handler = JSONLogHandler(label: label)
            handler.logLevel = configuration.logLevel
            return handler
        case .text:
            var handler = TextLogHandler(label: label)
            handler.logLevel = configuration.logLevel
            return handler
        }
    }
}

extension Logger.Metadata {
    /// What one line carries, as swift-log's `StreamLogHandler` merges it: the handler's own
    /// metadata, then the provider's, then the call's, and a logged error's message and type;
    /// the request's id under `requestIdKey` (`TextLogHandler` names it as it is set).
    static func line(base: Logger.Metadata, provider: Logger.MetadataProvider?, event: LogEvent) -> Logger.Metadata {
        var merged = base
        if let provided = provider?.get(), !provided.isEmpty { merged.merge(provided) { $1 } }
        if let explicit = event.metadata, !explicit.isEmpty { merged.merge(explicit) { $1 } }
        if let error = event.error {
            merged["error.message"] = "\(error)"
            merged["error.type"] = "\(String(reflecting: type(of: error)))"
        }
        if let id = merged.removeValue(forKey: RequestIdMiddleware.metadataKey) { merged[requestIdKey] = id }
        return merged
    }
}
