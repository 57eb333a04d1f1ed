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

/// How long `SQLiteCheckpointer` waits before its next checkpoint: briefly while the WAL grows,
/// so that each checkpoint copies and syncs only a few milliseconds' frames (one that copies a
/// quarter of a second's at once keeps a core and the disk busy for tens of milliseconds, and
/// the requests beside it wait: Benchmarks/PROFILE.md, "The checkpoints' pace"); at the idle
/// pace once the WAL has stopped growing, so that an idle server is not woken forty times a
/// second for nothing.
struct SQLiteCheckpointPace: Sendable {
    /// The wait while the WAL is unchanged since the checkpoint before.
    let idle: Duration
    /// The wait while it changes from one checkpoint to the next.
    let busy: Duration
    private var lastWALFrames: Int?

    init(idle: Duration, busy: Duration) {
        self.idle = idle
        self.busy = busy
    }

    /// The wait after a checkpoint that found `walFrames` frames in the WAL (nil: it failed).
    mutating func wait(afterWALFrames walFrames: Int?) -> Duration {
        defer { lastWALFrames = walFrames }
        guard let walFrames, walFrames != lastWALFrames else { return idle }
        return busy
    }
}
