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

/// An email address that passed the specs' validation rules.
///
/// The login spec fixes the pattern `^[a-zA-Z0-9._%+\-]+@[a-zA-Z0-9.\-]+\.[a-zA-Z]{2,}$` and a
/// 255-character maximum; surrounding white space is trimmed first (the specs trim before
/// checking emptiness). Identity is case-insensitive, so `normalized` is lowercased and is what
/// the server stores and compares.
public struct EmailAddress: Hashable, Sendable, CustomStringConvertible {
    public static let maximumLength = 255

    /// The trimmed, lowercased address.
    public let normalized: String

    public init(validating raw: String) throws(EmailValidationError) {
        let trimmed = raw.trimmingWhitespace()
        guard !trimmed.isEmpty else { throw .missing }
        guard trimmed.count <= Self.maximumLength else { throw .tooLong }
        guard Self.matchesPattern(trimmed) else { throw .invalidFormat }
        self.normalized = trimmed.lowercased()
    }

    /// Whether `raw` would be accepted, for validation-on-blur in forms.
    public static func isValid(_ raw: String) -> Bool {
        (try? EmailAddress(validating: raw)) != nil
    }

    public var description: String { normalized }

    /// The specs' pattern, checked without a regex engine: one `@`, a non-empty local part of
    /// `[A-Za-z0-9._%+-]`, and a domain of `[A-Za-z0-9.-]` whose last dot is followed by two or
    /// more ASCII letters and preceded by at least one character.
    static func matchesPattern(_ address: String) -> Bool {
        let bytes = Array(address.utf8)
        guard let at = bytes.firstIndex(of: UInt8(ascii: "@")), at > 0 else { return false }
        let local = bytes[..<at]
        let domain = bytes[(at + 1)...]
        guard local.allSatisfy(isLocalPartByte) else { return false }
        guard domain.allSatisfy(isDomainByte), let lastDot = domain.lastIndex(of: UInt8(ascii: ".")) else {
            return false
        }
        let topLevel = domain[(lastDot + 1)...]
        return lastDot > domain.startIndex && topLevel.count >= 2 && topLevel.allSatisfy(isASCIILetter)
    }

    private static func isASCIILetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
    }

    private static func isASCIIDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }

    private static func isLocalPartByte(_ byte: UInt8) -> Bool {
        isASCIILetter(byte) || isASCIIDigit(byte) || "._%+-".utf8.contains(byte)
    }

    private static func isDomainByte(_ byte: UInt8) -> Bool {
        isASCIILetter(byte) || isASCIIDigit(byte) || ".-".utf8.contains(byte)
    }
}

/// Why an address was rejected. Each case maps to one user-facing text (`UserFacingMessage`).
public enum EmailValidationError: Error, Equatable, Sendable {
    case missing
    case tooLong
    case invalidFormat
}

extension String {
    /// Trims Unicode white space and newlines at both ends (Foundation-free).
    func trimmingWhitespace() -> String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
            let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })
        else { return "" }
        return String(scalars[first...last])
    }
}
