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

/// base64url (RFC 4648 §5), the encoding of every binary field in WebAuthn's JSON.
public enum Base64URL {
    /// Encodes without padding, as WebAuthn and GoTrue do.
    public static func encode(_ bytes: some Sequence<UInt8>) -> String {
        Data(bytes).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    /// Decodes base64url, tolerating trailing `=` padding (some clients send it); refuses the
    /// standard alphabet's `+` and `/`, whitespace and any other character.
    public static func decode(_ text: String) -> [UInt8]? {
        var body = Substring(text)
        while body.hasSuffix("=") { body = body.dropLast() }
        guard body.utf8.allSatisfy(isAlphabet) else { return nil }
        // A remainder of one character can carry no whole byte.
        guard body.utf8.count % 4 != 1 else { return nil }
        var standard = body.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        standard += String(repeating: "=", count: (4 - standard.utf8.count % 4) % 4)
        guard let data = Data(base64Encoded: standard) else { return nil }
        return Array(data)
    }

    private static func isAlphabet(_ c: UInt8) -> Bool {
        switch c {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"):
            return true
        default:
            return false
        }
    }
}
