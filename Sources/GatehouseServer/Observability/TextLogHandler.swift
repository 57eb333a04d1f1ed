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

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The default log format: the lines of swift-log's `StreamLogHandler` on standard error,
/// character for character (`<time> <level> <label>: <key=value …> [<source>] <message>`), with
/// the request's id as `request_id` like the JSON format, made cheaper: the timestamp is
/// formatted once a second (`LogTimestamp`) instead of once a line, and the line is built in one
/// buffer. A request writes one line.
public struct TextLogHandler: LogHandler {
    public var metadata: Logger.Metadata = [:]
    public var metadataProvider: Logger.MetadataProvider?
    public var logLevel: Logger.Level = .info
    let label: String
    let output: @Sendable (String) -> Void

    public init(label: String, metadataProvider: Logger.MetadataProvider? = LoggingSystem.metadataProvider) {
        self.init(label: label, metadataProvider: metadataProvider, output: TextLogHandler.standardError)
    }

    init(label: String, metadataProvider: Logger.MetadataProvider? = nil, output: @escaping @Sendable (String) -> Void) {
        self.label = label
        self.metadataProvider = metadataProvider
        self.output = output
    }

    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    public func log(event: LogEvent) {
        let merged = Logger.Metadata.line(base: metadata, provider: metadataProvider, event: event)
        // Built as UTF-8 bytes: appending a string's bytes is a copy, where `String.append` took its
        // general path for each of a line's dozen and more pieces (Benchmarks/PROFILE.md).
        var line: [UInt8] = []
        line.reserveCapacity(256)
        line.append(contentsOf: LogTimestamp.shared.local().utf8)
        line.append(UInt8(ascii: " "))
        line.append(contentsOf: event.level.rawValue.utf8)
        if !label.isEmpty {
            line.append(UInt8(ascii: " "))
            line.append(contentsOf: label.utf8)
        }
        line.append(UInt8(ascii: ":"))
        for (key, value) in merged.sorted(by: { $0.key < $1.key }) {
            line.append(UInt8(ascii: " "))
            line.append(contentsOf: key.utf8)
            line.append(UInt8(ascii: "="))
            line.append(contentsOf: value.description.utf8)
        }
        line.append(contentsOf: " [".utf8)
        line.append(contentsOf: event.source.utf8)
        line.append(contentsOf: "] ".utf8)
        line.append(contentsOf: event.message.description.utf8)
        line.append(UInt8(ascii: "\n"))
        output(String(decoding: line, as: UTF8.self))
    }

    /// One `write(2)` a line on standard error (as the JSON lines are written): a line is never
    /// split between writes, so lines of concurrent requests do not interleave.
    static let standardError: @Sendable (String) -> Void = { line in
        FileHandle.standardError.write(Data(line.utf8))
    }
}

extension Logger.Metadata {
    /// The key both formats write the request's id under. Hummingbird keeps it on the request's
    /// logger as `hb.request.id` (`RequestContext.id` reads it there), so a line renames it.
    static let requestIdKey = "request_id"

    /// What one line carries, as swift-log's `StreamLogHandler` merges it: the handler's own
    /// metadata, then the provider's, then the call's, and a logged error's message and type;
    /// the request's id under `requestIdKey`.
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
