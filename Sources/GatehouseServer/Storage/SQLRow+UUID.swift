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
import SQLKit

/// A stored value that does not parse as what its column holds: a damaged row is a decoding
/// error, never replaced by a made-up value (a fresh id would point at nothing, or at someone).
struct MalformedStoredValue: Error, CustomStringConvertible {
    let column: String
    var description: String { "the stored value of \(column) does not parse" }
}

extension SQLRow {
    /// The id stored as text in `column`.
    func decodeUUID(column: String) throws -> UUID {
        guard let id = UUID(parsing: try decode(column: column, as: String.self)) else {
            throw MalformedStoredValue(column: column)
        }
        return id
    }
}
