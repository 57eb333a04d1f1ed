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

/// Wraps a password-hasher call (it fails only if its thread pool is shutting down).
func hashing<T: Sendable>(_ body: () async throws -> T) async throws(AuthError) -> T {
    do {
        return try await body()
    } catch {
        throw AuthError(.unexpectedFailure, status: .serviceUnavailable, "Server is shutting down")
    }
}
