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

/// A FIFO lock for async code: holders run one at a time in arrival order, and waiting suspends
/// the task instead of blocking a thread. Serializes SQLite writes on one connection. A pool of
/// one: `AsyncResourcePool` keeps the waiters and hands over in order.
final class AsyncSerialLock: Sendable {
    private let turn = AsyncResourcePool([()])

    func withLock<T: Sendable>(_ body: () async throws -> T) async throws -> T {
        try await turn.withResource { _ in try await body() }
    }
}
