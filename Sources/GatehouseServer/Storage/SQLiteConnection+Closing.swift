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

import SQLiteKit

extension SQLiteConnection {
    /// Closes the connection even when the calling task is cancelled (a test's or a shutdown's
    /// service group is cancelled as it ends): NIO's thread pool refuses work from a cancelled
    /// task, so `close()` would throw and leave the connection open, and SQLiteNIO asserts (a
    /// debug build crashes the process) when an open connection is released. An unstructured
    /// task does not inherit the cancellation.
    func closeEvenIfCancelled() async {
        let connection = self
        await Task { try? await connection.close() }.value
    }
}
