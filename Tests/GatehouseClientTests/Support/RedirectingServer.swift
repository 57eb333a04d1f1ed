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
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A one-purpose HTTP server on 127.0.0.1: every request except `/landed` is answered with a
/// 307 to `/landed` (which preserves the method and body, password included); `/landed` answers
/// `200 {}`. It records the request lines it saw. Each connection carries one request.
final class RedirectingServer: Sendable {
    let port: Int
    private let descriptor: Int32
    private let seen = Mutex<[String]>([])
    private let stopped = Atomic<Bool>(false)
    private let finished = Atomic<Bool>(false)

    init() throws {
        let fd = try SilentServer.listeningSocket(listen: true)
        descriptor = fd
        port = try SilentServer.port(of: fd)
        let thread = Thread { [self] in serve() }
        thread.start()
    }

    var url: URL { URL(string: "http://127.0.0.1:\(port)")! }

    /// The request lines seen so far ("POST /token?grant_type=password HTTP/1.1").
    var requests: [String] { seen.withLock { $0 } }

    /// Stops accepting (within 100 ms) and closes the socket.
    func stop() {
        stopped.store(true, ordering: .relaxed)
        for _ in 0..<100 where !finished.load(ordering: .relaxed) { usleep(10_000) }
        close(descriptor)
    }

    private func serve() {
        defer { finished.store(true, ordering: .relaxed) }
        while !stopped.load(ordering: .relaxed) {
            var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, 100) > 0 else { continue }
            let connection = accept(descriptor, nil, nil)
            guard connection >= 0 else { continue }
            answer(connection)
            close(connection)
        }
    }

    private func answer(_ connection: Int32) {
        var received = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: 4096)
        // The head, then as much body as Content-Length says (bounded: 20 reads).
        for _ in 0..<20 {
            let count = recv(connection, &buffer, buffer.count, 0)
            guard count > 0 else { break }
            received += buffer[0..<count]
            let text = String(decoding: received, as: UTF8.self)
            guard let headEnd = text.range(of: "\r\n\r\n") else { continue }
            let head = text[..<headEnd.lowerBound].lowercased()
            let length =
                head.split(separator: "\r\n").first { $0.hasPrefix("content-length:") }
                .flatMap { Int($0.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces)) } ?? 0
            if text.utf8.count - text[..<headEnd.upperBound].utf8.count >= length { break }
        }
        let requestLine = String(decoding: received, as: UTF8.self).components(separatedBy: "\r\n").first ?? ""
        seen.withLock { $0.append(requestLine) }
        let response =
            requestLine.contains(" /landed")
            ? "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}"
            : "HTTP/1.1 307 Temporary Redirect\r\nLocation: http://127.0.0.1:\(port)/landed\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"
        let bytes = Array(response.utf8)
        _ = bytes.withUnsafeBytes { send(connection, $0.baseAddress, $0.count, 0) }
    }
}
