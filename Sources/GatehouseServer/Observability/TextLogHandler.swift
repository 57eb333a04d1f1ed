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
/// character for character (`<time> <level> <label>: <key=value …> [<source>] <message>`), made
/// cheaper: the timestamp is formatted once a second (`LogTimestamp`) instead of once a line,
/// and the line is built in one string. A request writes one line (issue 17's profile).
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
        var line = LogTimestamp.shared.local()
        line.reserveCapacity(160)
        line += " "
        line += event.level.rawValue
        if !label.isEmpty {
            line += " "
            line += label
        }
        line += ":"
        for (key, value) in merged.sorted(by: { $0.key < $1.key }) {
            line += " "
            line += key
            line += "="
            line += value.description
        }
        line += " ["
        line += event.source
        line += "] "
        line += event.message.description
        line += "\n"
        output(line)
    }

    /// One `write(2)` a line on standard error (as the JSON lines are written): a line is never
    /// split between writes, so lines of concurrent requests do not interleave.
    static let standardError: @Sendable (String) -> Void = { line in
        FileHandle.standardError.write(Data(line.utf8))
    }
}

extension Logger.Metadata {
    /// What one line carries, as swift-log's `StreamLogHandler` merges it: the handler's own
    /// metadata, then the provider's, then the call's, and a logged error's message and type.
    static func line(base: Logger.Metadata, provider: Logger.MetadataProvider?, event: LogEvent) -> Logger.Metadata {
        var merged = base
        if let provided = provider?.get(), !provided.isEmpty { merged.merge(provided) { $1 } }
        if let explicit = event.metadata, !explicit.isEmpty { merged.merge(explicit) { $1 } }
        if let error = event.error {
            merged["error.message"] = "\(error)"
            merged["error.type"] = "\(String(reflecting: type(of: error)))"
        }
        return merged
    }
}
