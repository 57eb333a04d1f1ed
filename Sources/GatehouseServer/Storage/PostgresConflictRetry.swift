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

import PostgresNIO

/// PostgreSQL aborts one transaction of a deadlock (SQLSTATE 40P01), and may abort one that
/// cannot be serialized (40001); its advice is to run that transaction again. Schemathesis found
/// the first: two `POST /admin/generate_link` for one address, each deleting the other's pending
/// tokens, and the victim answered 500. The aborted transaction was rolled back whole, and a
/// unit of work only touches the database, so running its body again is safe; a few attempts
/// with a short, growing pause, then the error goes on as before.
enum PostgresConflictRetry {
    static let attempts = 4

    static func isConflict(_ error: any Error) -> Bool {
        guard let error = error as? PSQLError, let state = error.serverInfo?[.sqlState] else { return false }
        return state == "40P01" || state == "40001"
    }

    static func run<T: Sendable>(_ transaction: () async throws -> T) async throws -> T {
        var attempt = 1
        while true {
            do {
                return try await transaction()
            } catch  where attempt < attempts && isConflict(error) {
                try await Task.sleep(for: .milliseconds(5 * attempt + Int.random(in: 0...10)))
                attempt += 1
            }
        }
    }
}
