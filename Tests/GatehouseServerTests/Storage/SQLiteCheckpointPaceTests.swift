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

import Testing

@testable import GatehouseServer

/// The checkpointer's pace: quick while the WAL grows, slow once it has stopped or a checkpoint
/// failed.
@Suite struct SQLiteCheckpointPaceTests {
    @Test func quickWhileTheWALGrowsSlowOnceItStops() {
        var pace = SQLiteCheckpointPace(idle: .milliseconds(250), busy: .milliseconds(25))
        // The first look finds frames written since the server started.
        #expect(pace.wait(afterWALFrames: 40) == .milliseconds(25))
        #expect(pace.wait(afterWALFrames: 90) == .milliseconds(25))
        // Nothing written since: every frame there was already seen.
        #expect(pace.wait(afterWALFrames: 90) == .milliseconds(250))
        #expect(pace.wait(afterWALFrames: 90) == .milliseconds(250))
        // Writes again, and the WAL started over after a RESTART: both count as growth.
        #expect(pace.wait(afterWALFrames: 120) == .milliseconds(25))
        #expect(pace.wait(afterWALFrames: 7) == .milliseconds(25))
        // A failed checkpoint waits the idle pace, then the next success counts as new.
        #expect(pace.wait(afterWALFrames: nil) == .milliseconds(250))
        #expect(pace.wait(afterWALFrames: 7) == .milliseconds(25))
    }
}
