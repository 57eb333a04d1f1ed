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

/// Why a byte string is not an acceptable CBOR item. Offsets count from the start of the input.
public enum CBORError: Error, Equatable, Sendable {
    /// The input ended inside an item.
    case truncated(offset: Int)
    /// Bytes remain after the item and the caller did not ask for the rest.
    case trailingBytes(offset: Int)
    /// Additional information 28-30 (reserved by RFC 8949).
    case reservedAdditionalInfo(offset: Int)
    /// Additional information 31: indefinite lengths and "break" are refused.
    case indefiniteLength(offset: Int)
    /// Major type 6: WebAuthn structures carry no tags.
    case tagNotSupported(offset: Int)
    /// Floats, `undefined` and unassigned simple values.
    case simpleValueNotSupported(offset: Int)
    /// A text string that is not valid UTF-8.
    case invalidUTF8(offset: Int)
    /// A length or count larger than the remaining input could hold.
    case lengthExceedsInput(offset: Int)
    /// Arrays and maps nested deeper than the decoder's limit.
    case depthLimitExceeded(offset: Int)
    /// More items in the whole input than the decoder's limit.
    case itemLimitExceeded(offset: Int)
    /// The same key twice in one map.
    case duplicateMapKey(offset: Int)
}
