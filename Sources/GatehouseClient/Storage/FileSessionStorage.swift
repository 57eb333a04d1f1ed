import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// One file per key in a folder only the user can enter (0700), each file readable only by the
/// user (0600), written atomically so a crash never leaves half a session.
public struct FileSessionStorage: SessionStorage {
    public let directory: URL

    public init(directory: URL) {
        self.directory = directory
    }

    /// The file that holds `key`.
    public func fileURL(for key: String) -> URL {
        let safe = String(key.map { $0.isLetter || $0.isNumber || "._-".contains($0) ? $0 : "_" })
        return directory.appendingPathComponent(safe + ".json")
    }

    public func load(key: String) throws -> Data? {
        let url = fileURL(for: key)
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        return try Data(contentsOf: url)
    }

    public func store(_ data: Data, key: String) throws {
        let manager = FileManager.default
        try manager.createDirectory(at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let target = fileURL(for: key)
        let temporary = directory.appendingPathComponent(".\(UUID().uuidString).tmp")
        // Created with 0600 from the start: the secret is never readable by others, not even briefly.
        guard manager.createFile(atPath: temporary.path, contents: data, attributes: [.posixPermissions: 0o600]) else {
            throw CocoaError(.fileWriteUnknown)
        }
        // rename(2) replaces the old file atomically.
        guard rename(temporary.path, target.path) == 0 else {
            try? manager.removeItem(at: temporary)
            throw CocoaError(.fileWriteUnknown)
        }
    }

    public func remove(key: String) throws {
        let url = fileURL(for: key)
        guard FileManager.default.fileExists(atPath: url.path) else { return }
        try FileManager.default.removeItem(at: url)
    }
}
