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

import GatehouseWebAuthn

/// A small CBOR encoder for building test inputs (the library only decodes), shared by the
/// WebAuthn tests and the software passkey of GatehouseTestSupport. Definite lengths, shortest
/// arguments, map entries in the given order.
public enum CBORWriter {
    public static func encode(_ value: CBORValue) -> [UInt8] {
        switch value {
        case .unsigned(let n): return head(0, n)
        case .negative(let n): return head(1, n)
        case .bytes(let b): return head(2, UInt64(b.count)) + b
        case .text(let t): return head(3, UInt64(t.utf8.count)) + Array(t.utf8)
        case .array(let items): return head(4, UInt64(items.count)) + items.flatMap(encode)
        case .map(let entries): return head(5, UInt64(entries.count)) + entries.flatMap { encode($0.key) + encode($0.value) }
        case .bool(let b): return [b ? 0xf5 : 0xf4]
        case .null: return [0xf6]
        }
    }

    public static func head(_ major: UInt8, _ argument: UInt64) -> [UInt8] {
        let type = major << 5
        switch argument {
        case 0..<24: return [type | UInt8(argument)]
        case 24..<0x100: return [type | 24, UInt8(argument)]
        case 0x100..<0x1_0000: return [type | 25] + bigEndian(argument, 2)
        case 0x1_0000..<0x1_0000_0000: return [type | 26] + bigEndian(argument, 4)
        default: return [type | 27] + bigEndian(argument, 8)
        }
    }

    public static func bigEndian(_ value: UInt64, _ width: Int) -> [UInt8] {
        (0..<width).reversed().map { UInt8(truncatingIfNeeded: value >> (8 * UInt64($0))) }
    }
}

extension CBORValue {
    /// An integer item of either sign.
    public static func int(_ n: Int) -> CBORValue {
        n >= 0 ? .unsigned(UInt64(n)) : .negative(UInt64(-1 - n))
    }

    /// A map with integer keys, in the given order (COSE keys).
    public static func intMap(_ pairs: [(Int, CBORValue)]) -> CBORValue {
        .map(pairs.map { CBORMapEntry(key: .int($0.0), value: $0.1) })
    }

    /// A map with text keys, in the given order (attestation objects).
    public static func textMap(_ pairs: [(String, CBORValue)]) -> CBORValue {
        .map(pairs.map { CBORMapEntry(key: .text($0.0), value: $0.1) })
    }
}
