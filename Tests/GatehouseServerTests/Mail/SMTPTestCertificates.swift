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
import NIOSSL

/// A throwaway CA and a server certificate it signed (for 127.0.0.1 and localhost), made with
/// the `openssl` command in a temporary directory that `remove()` deletes.
struct SMTPTestCertificates: Sendable {
    let directory: URL
    var caPath: String { directory.appendingPathComponent("ca.pem").path }
    var certificatePath: String { directory.appendingPathComponent("server.pem").path }
    var keyPath: String { directory.appendingPathComponent("server.key").path }

    static let opensslPath = ["/usr/bin/openssl", "/usr/local/bin/openssl", "/opt/homebrew/bin/openssl"]
        .first { FileManager.default.isExecutableFile(atPath: $0) }

    static var isAvailable: Bool { opensslPath != nil }

    static func make() async throws -> SMTPTestCertificates {
        guard let openssl = opensslPath else { throw Failure("openssl not found") }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("gatehouse-smtp-tls-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let certificates = SMTPTestCertificates(directory: directory)
        do {
            try "subjectAltName=IP:127.0.0.1,DNS:localhost\nbasicConstraints=CA:FALSE\nextendedKeyUsage=serverAuth\n"
                .write(to: directory.appendingPathComponent("server.ext"), atomically: true, encoding: .utf8)
            let ec = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes"]
            try await run(
                openssl,
                ["req", "-x509"] + ec + [
                    "-keyout", "ca.key", "-out", "ca.pem", "-days", "2", "-subj", "/CN=Gatehouse Throwaway Test CA",
                    "-addext", "basicConstraints=critical,CA:TRUE", "-addext", "keyUsage=critical,keyCertSign,cRLSign",
                ], in: directory)
            try await run(openssl, ["req"] + ec + ["-keyout", "server.key", "-out", "server.csr", "-subj", "/CN=localhost"], in: directory)
            try await run(
                openssl,
                [
                    "x509", "-req", "-in", "server.csr", "-CA", "ca.pem", "-CAkey", "ca.key", "-CAcreateserial",
                    "-out", "server.pem", "-days", "2", "-extfile", "server.ext",
                ], in: directory)
        } catch {
            certificates.remove()
            throw error
        }
        return certificates
    }

    func serverContext() throws -> NIOSSLContext {
        let chain = try NIOSSLCertificate.fromPEMFile(certificatePath).map { NIOSSLCertificateSource.certificate($0) }
        let key = try NIOSSLPrivateKey(file: keyPath, format: .pem)
        return try NIOSSLContext(configuration: .makeServerConfiguration(certificateChain: chain, privateKey: .privateKey(key)))
    }

    func remove() {
        try? FileManager.default.removeItem(at: directory)
    }

    /// Runs one `openssl` command and awaits its exit. Not `waitUntilExit()`: that blocks the
    /// calling thread on a run loop until Foundation delivers the child's exit there, and on Linux
    /// under load it can park a thread of the cooperative pool for good — on 2 cores, two such
    /// threads stop every test in the process. The handler is set before `run()`, so an exit
    /// that comes at once is not missed; a command that never exits is killed after 60 s.
    private static func run(_ executable: String, _ arguments: [String], in directory: URL) async throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.currentDirectoryURL = directory
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        let watchdog = Task {
            // Real time: the bound on a child process, which no test clock drives.
            try await Task.sleep(for: .seconds(60))
            if process.isRunning { process.terminate() }
        }
        defer { watchdog.cancel() }
        let status: Int32 = try await withCheckedThrowingContinuation { continuation in
            process.terminationHandler = { continuation.resume(returning: $0.terminationStatus) }
            do {
                try process.run()
            } catch {
                process.terminationHandler = nil
                continuation.resume(throwing: error)
            }
        }
        guard status == 0 else {
            let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            throw Failure("openssl \(arguments.first ?? "") failed (status \(status)): \(text)")
        }
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }
}
