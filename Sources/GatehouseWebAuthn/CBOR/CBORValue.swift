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

/// One decoded CBOR data item, limited to what WebAuthn uses (RFC 8949 major types 0-5 and the
/// simple values false, true and null). Tags, floats and `undefined` are refused by the decoder.
public indirect enum CBORValue: Hashable, Sendable {
    case unsigned(UInt64)
    /// The encoded argument `n` of major type 1; the value is `-1 - n`.
    case negative(UInt64)
    case bytes([UInt8])
    case text(String)
    case array([CBORValue])
    /// Entries in their encoded order (canonical order is not required; duplicate keys are refused).
    case map([CBORMapEntry])
    case bool(Bool)
    case null

    /// The integer value, when the item is an integer that fits in `Int`.
    public var intValue: Int? {
        switch self {
        case .unsigned(let n): return n <= UInt64(Int.max) ? Int(n) : nil
        case .negative(let n): return n <= UInt64(Int.max) ? -1 - Int(n) : nil
        default: return nil
        }
    }

    public var bytesValue: [UInt8]? {
        if case .bytes(let b) = self { return b }
        return nil
    }

    public var textValue: String? {
        if case .text(let t) = self { return t }
        return nil
    }

    public var mapEntries: [CBORMapEntry]? {
        if case .map(let entries) = self { return entries }
        return nil
    }

    /// The value stored under `key` when the item is a map.
    public subscript(key: CBORValue) -> CBORValue? {
        mapEntries?.first { $0.key == key }?.value
    }

    /// Map lookup by integer key (COSE labels are small integers).
    public subscript(intKey key: Int) -> CBORValue? {
        self[key >= 0 ? .unsigned(UInt64(key)) : .negative(UInt64(-1 - key))]
    }

    /// Map lookup by text key (attestation objects and statements use text keys).
    public subscript(textKey key: String) -> CBORValue? {
        self[.text(key)]
    }
}

/// A key/value pair of a CBOR map (a struct so that maps stay `Hashable` and ordered).
public struct CBORMapEntry: Hashable, Sendable {
    public var key: CBORValue
    public var value: CBORValue

    public init(key: CBORValue, value: CBORValue) {
        self.key = key
        self.value = value
    }
}
