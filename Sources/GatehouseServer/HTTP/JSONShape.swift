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

/// A cheap pass over a JSON body's bytes BEFORE it is decoded into values:
/// counts nesting outside strings, so a body nested past the bound costs one linear scan and
/// is never handed to a recursive decoder; and finds NUL characters (`\u0000`, or a raw NUL)
/// in strings, which PostgreSQL text cannot hold, naming the field they are in.
///
/// It does not validate the JSON: the decoder that runs after it does.
enum JSONShape {
    enum Problem: Equatable, Sendable {
        /// More than `limit` arrays and objects inside one another.
        case tooDeep(limit: Int)
        /// A NUL in a string; `field` is the dotted path of object keys to it ("" at the top).
        case nul(field: String)
    }

    /// Keys longer than this are cut in the reported path (it is echoed in the error).
    static let reportedKeyLength = 64

    static func check(_ bytes: some Sequence<UInt8>, maximumDepth: Int) -> Problem? {
        var scanner = Scanner(maximumDepth: maximumDepth)
        for byte in bytes {
            if let problem = scanner.consume(byte) { return problem }
        }
        return nil
    }

    private struct Container {
        let isObject: Bool
        /// The key whose value is being read (objects only).
        var key: String?
        /// True where the next string in this object is a key.
        var expectsKey: Bool
    }

    private struct Scanner {
        let maximumDepth: Int
        var containers: [Container] = []
        var inString = false
        var escaped = false
        /// Bytes of `\u` escape read so far (-1 when not in one), and whether they are all "0".
        var unicodeDigits = -1
        var unicodeAllZero = true
        var isKey = false
        var text: [UInt8] = []
        var lastKey: String?

        init(maximumDepth: Int) { self.maximumDepth = maximumDepth }

        mutating func consume(_ byte: UInt8) -> Problem? {
            if inString { return consumeInString(byte) }
            switch byte {
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                guard containers.count < maximumDepth else { return .tooDeep(limit: maximumDepth) }
                let isObject = byte == UInt8(ascii: "{")
                containers.append(Container(isObject: isObject, key: nil, expectsKey: isObject))
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                _ = containers.popLast()
            case UInt8(ascii: "\""):
                inString = true
                isKey = containers.last.map { $0.isObject && $0.expectsKey } ?? false
                text.removeAll(keepingCapacity: true)
            case UInt8(ascii: ":"):
                if let last = containers.indices.last, containers[last].isObject {
                    containers[last].key = lastKey
                    containers[last].expectsKey = false
                }
            case UInt8(ascii: ","):
                if let last = containers.indices.last, containers[last].isObject {
                    containers[last].expectsKey = true
                    containers[last].key = nil
                }
            case 0:
                return .nul(field: path(includingCurrentKey: true))
            default:
                break
            }
            return nil
        }

        private mutating func consumeInString(_ byte: UInt8) -> Problem? {
            if byte == 0 { return nul() }
            if unicodeDigits >= 0 {
                unicodeAllZero = unicodeAllZero && byte == UInt8(ascii: "0")
                unicodeDigits += 1
                if unicodeDigits == 4 {
                    unicodeDigits = -1
                    if unicodeAllZero { return nul() }
                }
                remember(byte)
                return nil
            }
            if escaped {
                escaped = false
                if byte == UInt8(ascii: "u") {
                    unicodeDigits = 0
                    unicodeAllZero = true
                }
            } else if byte == UInt8(ascii: "\\") {
                escaped = true
            } else if byte == UInt8(ascii: "\"") {
                inString = false
                if isKey { lastKey = String(decoding: text, as: UTF8.self) }
                return nil
            }
            remember(byte)
            return nil
        }

        private mutating func remember(_ byte: UInt8) {
            if isKey, text.count < JSONShape.reportedKeyLength { text.append(byte) }
        }

        /// A NUL in a key is reported at the object holding it; in a value, at its key.
        private func nul() -> Problem {
            .nul(field: path(includingCurrentKey: !isKey))
        }

        private func path(includingCurrentKey: Bool) -> String {
            var keys = containers.dropLast().compactMap(\.key)
            if includingCurrentKey, let current = containers.last?.key { keys.append(current) }
            return keys.joined(separator: ".")
        }
    }
}
