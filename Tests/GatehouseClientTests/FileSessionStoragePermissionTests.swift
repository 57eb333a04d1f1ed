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
import GatehouseClient
import Synchronization
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The session file is private from its first byte, its folder is private even when
/// it existed before, and a file others can read is refused rather than trusted.
@Suite("FileSessionStorage keeps the session private")
struct FileSessionStoragePermissionTests {
    static func temporaryDirectory() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("gatehouse-perm-\(UUID().uuidString)")
    }

    static func mode(_ path: String) -> Int? {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        return Int(info.st_mode) & 0o777
    }

    @Test func anExistingFolderIsTightened() throws {
        let directory = Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o755])
        try FileSessionStorage(directory: directory).store(Data("secret".utf8), key: "session")
        #expect(Self.mode(directory.path) == 0o700)
    }

    @Test func aFileOthersCanReadIsRefused() throws {
        let directory = Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let storage = FileSessionStorage(directory: directory)
        try storage.store(Data("secret".utf8), key: "session")
        #expect(try storage.load(key: "session") == Data("secret".utf8))
        let file = storage.fileURL(for: "session").path
        for mode in [0o644, 0o640, 0o604, 0o660] {
            #expect(chmod(file, mode_t(mode)) == 0)
            let error = #expect(throws: (any Error).self) { try storage.load(key: "session") }
            #expect(error.map { "\($0)" }?.contains("readable by others") == true, "\(String(describing: error))")
        }
    }

    /// Watches the folder while sessions are written: no file in it may ever be wider than 0600
    /// (the old code created it with the umask's 0644 and chmod-ed it after writing). The
    /// process's umask is left alone: tests run in parallel.
    @Test func noFileIsEverWiderThan0600() async throws {
        let directory = Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let storage = FileSessionStorage(directory: directory)
        try storage.store(Data("first".utf8), key: "session")
        let done = Atomic<Bool>(false)
        let watcher = Task.detached { () -> Set<Int> in
            var seen = Set<Int>()
            var passes = 0
            // Until the writes end, and at least one look (a loaded machine may start this task
            // only after the writes); bounded.
            while !done.load(ordering: .relaxed) || seen.isEmpty, passes < 1_000_000 {
                passes += 1
                for name in (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? [] {
                    if let mode = Self.mode(directory.appendingPathComponent(name).path) { seen.insert(mode) }
                }
            }
            return seen
        }
        let payload = Data(repeating: 0x41, count: 256 * 1024)
        for _ in 0..<300 { try storage.store(payload, key: "session") }
        done.store(true, ordering: .relaxed)
        let modes = await watcher.value
        #expect(!modes.isEmpty)
        #expect(modes.allSatisfy { $0 & 0o077 == 0 }, "modes seen: \(modes.map { String($0, radix: 8) })")
    }
}
