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

/// Base64 as the imported formats write it (RFC 4648): the standard alphabet, or the URL-safe
/// one where Firebase's API sends it, with or without `=` padding as each format does. Strict
/// about everything that is not a choice of those: no whitespace, no character outside the
/// alphabet, padding only at the end and exactly as long as the length needs. Lenient, like the
/// encoders' own decoders, about the unused low bits of the last character.
enum ImportedHashBase64 {
    enum Alphabet: Sendable {
        case standard
        case urlSafe
        /// Either alphabet (a field that may come from an export file or from the API).
        case either
    }

    enum Padding: Sendable {
        case required
        case forbidden
        case optional
    }

    /// The decoded bytes, or nil when `text` is not base64 of the given kind or decodes to more
    /// than `maximumBytes`.
    static func decode(
        _ text: some StringProtocol, alphabet: Alphabet = .standard, padding: Padding, maximumBytes: Int
    ) -> [UInt8]? {
        let characters = Array(text.utf8)
        let padCount = characters.reversed().prefix { $0 == UInt8(ascii: "=") }.count
        let dataCount = characters.count - padCount
        guard padCount <= 2, dataCount % 4 != 1 else { return nil }
        switch padding {
        case .required: guard characters.count % 4 == 0 else { return nil }
        case .forbidden: guard padCount == 0 else { return nil }
        case .optional: guard padCount == 0 || characters.count % 4 == 0 else { return nil }
        }
        guard dataCount / 4 * 3 + max(0, dataCount % 4 - 1) <= maximumBytes else { return nil }
        var output: [UInt8] = []
        output.reserveCapacity(dataCount / 4 * 3 + 2)
        var accumulator: UInt32 = 0
        var bits = 0
        for character in characters[..<dataCount] {
            guard let value = sextet(character, alphabet) else { return nil }
            accumulator = accumulator << 6 | UInt32(value)
            bits += 6
            if bits >= 8 {
                bits -= 8
                output.append(UInt8(truncatingIfNeeded: accumulator >> UInt32(bits)))
            }
        }
        return output
    }

    /// Standard alphabet, padded or not.
    static func encode(_ bytes: [UInt8], padded: Bool = true) -> String {
        let table = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
        var output: [UInt8] = []
        output.reserveCapacity((bytes.count + 2) / 3 * 4)
        var index = 0
        while index < bytes.count {
            let chunk = bytes[index..<min(index + 3, bytes.count)]
            var value: UInt32 = 0
            for byte in chunk { value = value << 8 | UInt32(byte) }
            value <<= UInt32(8 * (3 - chunk.count))
            for position in 0...chunk.count {
                output.append(table[Int(value >> UInt32(18 - 6 * position)) & 63])
            }
            if padded { output.append(contentsOf: repeatElement(UInt8(ascii: "="), count: 3 - chunk.count)) }
            index += 3
        }
        return String(decoding: output, as: UTF8.self)
    }

    private static func sextet(_ character: UInt8, _ alphabet: Alphabet) -> UInt8? {
        switch character {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): character - UInt8(ascii: "A")
        case UInt8(ascii: "a")...UInt8(ascii: "z"): character - UInt8(ascii: "a") + 26
        case UInt8(ascii: "0")...UInt8(ascii: "9"): character - UInt8(ascii: "0") + 52
        case UInt8(ascii: "+") where alphabet != .urlSafe: 62
        case UInt8(ascii: "/") where alphabet != .urlSafe: 63
        case UInt8(ascii: "-") where alphabet != .standard: 62
        case UInt8(ascii: "_") where alphabet != .standard: 63
        default: nil
        }
    }
}
