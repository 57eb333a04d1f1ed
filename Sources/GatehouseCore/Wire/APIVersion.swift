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

/// `X-Supabase-Api-Version`: the header by which a client chooses GoTrue's error shape.
///
/// Clients that send a date on or after 2024-01-01 get `{"code": "<error code>", "message"}`;
/// the rest get the legacy `{"code": <status>, "error_code", "msg"}`. The server reads the
/// request's header, the SDK the answer's.
public enum APIVersion {
    public static let header = "X-Supabase-Api-Version"
    /// The version the SDK sends and the server answers with in the modern shape.
    public static let current = "2024-01-01"

    /// Whether `version` selects the 2024-01-01 error shape: any valid `YYYY-MM-DD` on or after
    /// 2024-01-01 (GoTrue parses the date and compares; an invalid date keeps the legacy shape).
    public static func selectsModernErrorShape(_ version: String) -> Bool {
        // Spaces and tabs around the value are not part of it (Foundation's `.whitespaces`).
        let blank: (Character) -> Bool = { $0.isWhitespace && !$0.isNewline }
        let date = String(version.drop(while: blank).reversed().drop(while: blank).reversed())
        guard date.count == 10, let day = Timestamp(rfc3339: date + "T00:00:00Z"),
            let first = Timestamp(rfc3339: current + "T00:00:00Z")
        else { return false }
        return day >= first
    }
}
