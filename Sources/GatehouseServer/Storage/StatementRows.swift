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

/// How many rows one multi-row statement carries at most. Its bound values must stay under
/// SQLite's limit (32,766) and PostgreSQL's (65,535): the widest row written this way, a user,
/// is 15 values, so 15,000 a statement.
enum StatementRows {
    static let limit = 1_000

    /// `elements` in slices of at most `limit`, in order: one statement each.
    static func chunks<Element>(_ elements: [Element]) -> [ArraySlice<Element>] {
        stride(from: 0, to: elements.count, by: limit).map { elements[$0..<min($0 + limit, elements.count)] }
    }
}
