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

/// Tells, from what the process spends between two looks, when it has gone quiet after a spell
/// of work: the moment to give the allocator's free memory back (`IdleMemoryTrimmer`). Once per
/// spell: a server that stays idle is not trimmed again and again, and one under steady load
/// never is (it would fault the same pages back in).
struct QuietAfterWork: Sendable {
    /// The most CPU time one interval may take and still count as quiet.
    let quietBudget: Duration
    private var workedSinceQuiet = false

    init(quietBudget: Duration) {
        self.quietBudget = quietBudget
    }

    /// `spent`: the CPU time used since the previous look. True at the first quiet interval
    /// after one or more busy ones.
    mutating func observe(spent: Duration) -> Bool {
        if spent > quietBudget {
            workedSinceQuiet = true
            return false
        }
        defer { workedSinceQuiet = false }
        return workedSinceQuiet
    }
}
