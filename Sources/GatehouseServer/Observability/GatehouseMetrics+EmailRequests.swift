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

extension GatehouseMetrics {
    /// One group commit of "send me an email" requests (`EmailRequestCommitter`): commits, and
    /// the requests they carried (their ratio is the mean batch size).
    func recordEmailRequestCommit(requests: Int) {
        emailRequestCommits().increment()
        emailRequestsCommitted().increment(by: requests)
    }
}
