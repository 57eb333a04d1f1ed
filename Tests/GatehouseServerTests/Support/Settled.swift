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

@testable import GatehouseServer

/// What an operation came to within a bound: its outcome, or still waiting.
enum Settled<T: Sendable>: Sendable {
    case finished(Result<T, any Error>)
    case stillWaiting

    /// Runs `operation` and answers its outcome, or `.stillWaiting` once `limit` has passed. An
    /// operation that never ends is left behind rather than awaited (`answer(within:)`), so that a
    /// test of "this must not wait forever" fails instead of hanging the run. The bound is for
    /// liveness only: a healthy operation ends far inside it.
    static func within(_ limit: Duration, _ operation: @escaping @Sendable () async throws -> T) async -> Settled<T> {
        let outcome = await answer(within: limit) { () async -> Result<T, any Error> in
            do {
                return .success(try await operation())
            } catch {
                return .failure(error)
            }
        }
        return outcome.map(Settled.finished) ?? .stillWaiting
    }
}
