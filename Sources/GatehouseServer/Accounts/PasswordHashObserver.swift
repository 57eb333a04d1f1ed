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

extension PasswordHasher {
    /// Called once per password hash computed in the current task (and its children). A test
    /// seam: it lets a test count the bcrypt work one request causes, without a global counter
    /// that parallel tests would share. Nil (nothing called) outside tests.
    @TaskLocal static var hashObserver: (@Sendable () -> Void)?
}
