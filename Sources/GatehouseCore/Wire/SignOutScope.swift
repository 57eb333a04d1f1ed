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

/// `POST /logout?scope=`: which of the user's sessions end. The raw values are the wire values.
public enum SignOutScope: String, Sendable, CaseIterable, Codable {
    /// Every session of the user, on every device (GoTrue's default).
    case global
    /// This session only.
    case local
    /// Every session but this one.
    case others

    /// The scope a `scope` query parameter names: absent or empty means `global`; the value is
    /// read case-insensitively. Nil for a value that names no scope (a validation error).
    public init?(queryParameter parameter: String?) {
        guard let parameter, !parameter.isEmpty else {
            self = .global
            return
        }
        guard let scope = SignOutScope(rawValue: parameter.lowercased()) else { return nil }
        self = scope
    }
}
