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

import NIOCore

/// Cuts the server's byte stream into lines ending in LF (CRLF, or a bare LF from a sloppy
/// server), and refuses a line longer than `maximumLineLength` bytes before buffering more.
struct SMTPLineFramer {
    /// RFC 5321 allows 512 octets per reply line; real servers stay far below 8 KiB.
    static let maximumLineLength = 8 * 1024

    private var buffer = ByteBuffer()

    /// Whether bytes of an unfinished line are waiting.
    var hasPendingBytes: Bool { buffer.readableBytes > 0 }

    mutating func append(_ bytes: inout ByteBuffer) {
        buffer.writeBuffer(&bytes)
    }

    /// The next complete line without its line ending, or `nil` when none is complete yet.
    mutating func nextLine() throws(SMTPProtocolViolation) -> String? {
        let view = buffer.readableBytesView
        guard let newline = view.firstIndex(of: UInt8(ascii: "\n")) else {
            if buffer.readableBytes > Self.maximumLineLength + 1 {
                throw SMTPProtocolViolation("reply line longer than \(Self.maximumLineLength) bytes")
            }
            return nil
        }
        var length = newline - view.startIndex
        let consumed = length + 1
        if length > 0, view[newline - 1] == UInt8(ascii: "\r") { length -= 1 }
        guard length <= Self.maximumLineLength else {
            throw SMTPProtocolViolation("reply line longer than \(Self.maximumLineLength) bytes")
        }
        let line = buffer.getString(at: buffer.readerIndex, length: length) ?? ""
        buffer.moveReaderIndex(forwardBy: consumed)
        if buffer.readableBytes == 0 { buffer.clear() } else if buffer.readerIndex > 16 * 1024 { buffer.discardReadBytes() }
        return line
    }
}
