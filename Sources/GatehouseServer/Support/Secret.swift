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

/// A value that must never be printed: a key, a password, a URL with a password in it.
///
/// Its description, debug description and mirror are all `<redacted>`, so whatever describes a
/// value that holds one — string interpolation, `String(reflecting:)`, `dump`, ServiceLifecycle's
/// start-up lines, a crash report — shows the placeholder. Read the value only where it is used.
public struct Secret<Value: Sendable>: Sendable, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    public var value: Value

    public init(_ value: Value) {
        self.value = value
    }

    public var description: String { "<redacted>" }
    public var debugDescription: String { "<redacted>" }
    public var customMirror: Mirror { Mirror(self, children: [], displayStyle: .struct) }
}

extension Secret: Equatable where Value: Equatable {}
