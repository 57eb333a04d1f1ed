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

/// Turns a message into what follows the DATA command (RFC 5321 §4.5.2): CRLF line endings,
/// a second "." before every line that starts with one, and the terminating "." line.
enum SMTPDataEncoding {
    static func payload(for message: String) -> String {
        var output: [UInt8] = []
        output.reserveCapacity(message.utf8.count + message.utf8.count / 32 + 5)
        var atLineStart = true
        var previousWasCR = false
        for byte in message.utf8 {
            switch byte {
            case UInt8(ascii: "\r"):
                output.append(contentsOf: [13, 10])
                atLineStart = true
                previousWasCR = true
                continue
            case UInt8(ascii: "\n"):
                if !previousWasCR {
                    output.append(contentsOf: [13, 10])
                    atLineStart = true
                }
            default:
                if atLineStart, byte == UInt8(ascii: ".") { output.append(byte) }
                output.append(byte)
                atLineStart = false
            }
            previousWasCR = false
        }
        if !atLineStart { output.append(contentsOf: [13, 10]) }
        output.append(contentsOf: Array(".\r\n".utf8))
        return String(decoding: output, as: UTF8.self)
    }
}
