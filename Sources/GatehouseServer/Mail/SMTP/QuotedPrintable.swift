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

/// Quoted-printable body encoding (RFC 2045 §6.7) of UTF-8 text: CRLF hard line breaks,
/// soft breaks ("=" at the end) keeping every line at most 76 characters.
enum QuotedPrintable {
    static let maximumLineLength = 76

    static func encode(_ text: String) -> String {
        lines(of: text).map(encodeLine).joined(separator: "\r\n")
    }

    /// The text's lines, whatever its line endings (CRLF, LF or CR).
    private static func lines(of text: String) -> [[UInt8]] {
        var lines: [[UInt8]] = []
        var current: [UInt8] = []
        var previousWasCR = false
        for byte in text.utf8 {
            if byte == UInt8(ascii: "\n"), previousWasCR {
                previousWasCR = false
                continue
            }
            previousWasCR = byte == UInt8(ascii: "\r")
            if byte == UInt8(ascii: "\r") || byte == UInt8(ascii: "\n") {
                lines.append(current)
                current = []
            } else {
                current.append(byte)
            }
        }
        lines.append(current)
        return lines
    }

    private static func encodeLine(_ bytes: [UInt8]) -> String {
        var output = ""
        var lineLength = 0
        for (index, byte) in bytes.enumerated() {
            let isLast = index == bytes.count - 1
            let token: String
            switch byte {
            case UInt8(ascii: " "), UInt8(ascii: "\t"):
                // Whitespace at the end of a line could be stripped in transit: encode it there.
                token = isLast ? escaped(byte) : String(UnicodeScalar(byte))
            case 33...126 where byte != UInt8(ascii: "="):
                token = String(UnicodeScalar(byte))
            default:
                token = escaped(byte)
            }
            // Room for the "=" of a soft break unless this is the line's last token.
            let limit = isLast ? maximumLineLength : maximumLineLength - 1
            if lineLength + token.utf8.count > limit {
                output += "=\r\n"
                lineLength = 0
            }
            output += token
            lineLength += token.utf8.count
        }
        return output
    }

    private static let hexDigits = Array("0123456789ABCDEF".utf8)

    private static func escaped(_ byte: UInt8) -> String {
        String(decoding: [UInt8(ascii: "="), hexDigits[Int(byte >> 4)], hexDigits[Int(byte & 0x0F)]], as: UTF8.self)
    }
}
