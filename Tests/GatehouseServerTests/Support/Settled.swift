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

import Synchronization

/// What an operation came to within a bound: its outcome, or still waiting.
enum Settled<T: Sendable>: Sendable {
    case finished(Result<T, any Error>)
    case stillWaiting

    /// Runs `operation` and answers its outcome, or `.stillWaiting` once `limit` has passed. An
    /// operation that never ends is left running rather than awaited, so that a test of "this must
    /// not wait forever" fails instead of hanging the run. The bound is for liveness only: a
    /// healthy operation ends far inside it.
    static func within(_ limit: Duration, _ operation: @escaping @Sendable () async throws -> T) async -> Settled<T> {
        let first = Mutex<CheckedContinuation<Settled<T>, Never>?>(nil)
        let give: @Sendable (Settled<T>) -> Void = { answer in
            first.withLock { $0.take() }?.resume(returning: answer)
        }
        return await withCheckedContinuation { continuation in
            first.withLock { $0 = continuation }
            Task {
                do {
                    give(.finished(.success(try await operation())))
                } catch {
                    give(.finished(.failure(error)))
                }
            }
            Task {
                try? await Task.sleep(for: limit)
                give(.stillWaiting)
            }
        }
    }
}
