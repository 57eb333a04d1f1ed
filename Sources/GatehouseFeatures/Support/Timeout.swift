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

import GatehouseClient

/// Runs `operation`, failing with `AuthClientError.timedOut` when it has not finished after
/// `duration` on `clock` (the login spec: "If request takes >30 seconds, show error"). The
/// operation is cancelled then.
func withTimeout<Value: Sendable>(
    _ duration: TimeSpan, clock: any FeatureClock, _ operation: @escaping @Sendable () async throws -> Value
) async throws -> Value {
    try await withThrowingTaskGroup(of: Value.self) { group in
        group.addTask { try await operation() }
        group.addTask {
            try await clock.sleep(for: duration)
            throw AuthClientError.timedOut
        }
        defer { group.cancelAll() }
        guard let value = try await group.next() else { throw AuthClientError.timedOut }
        return value
    }
}
