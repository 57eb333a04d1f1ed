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

import Hummingbird

/// A numeric query parameter, read strictly: absent or empty (supabase-py sends `page=`) →
/// the default; anything but a plain decimal
/// integer within `range` → 400 `validation_failed`. Nothing a client sends
/// may reach arithmetic that traps.
enum QueryInteger {
    static func read(
        _ name: String, from request: Request, default fallback: Int, range: ClosedRange<Int>
    ) throws(AuthError) -> Int {
        guard let raw = request.uri.queryParameters[name[...]].map(String.init), !raw.isEmpty else { return fallback }
        guard raw.utf8.count <= 19, raw.allSatisfy(\.isASCII), let value = Int(raw), range.contains(value) else {
            throw .validation("\(name) must be an integer between \(range.lowerBound) and \(range.upperBound)")
        }
        return value
    }
}
