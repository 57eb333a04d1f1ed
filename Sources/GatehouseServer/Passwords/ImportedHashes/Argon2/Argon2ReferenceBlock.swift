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

/// Which earlier block a new Argon2 block mixes in (RFC 9106 section 3.4.2): from 32 bits of
/// pseudo-randomness J1, a column of the reference lane, biased towards recent blocks.
enum Argon2ReferenceBlock {
    struct Position {
        let pass: Int
        let slice: Int
        /// The block's index within its segment.
        let index: Int
        let segmentLength: Int
        var laneLength: Int { 4 * segmentLength }
    }

    /// The column in the reference lane. `sameLane`: the reference lane is the block's own.
    static func column(for position: Position, sameLane: Bool, j1: UInt32) -> Int {
        let segment = position.segmentLength
        // The blocks that may be referenced: those already finished (in the first pass, only
        // the slices before this one; later, the last three slices), plus the current segment's
        // blocks before this one when in the same lane, never the block just before it.
        let areaSize: Int =
            if position.pass == 0 {
                if position.slice == 0 {
                    position.index - 1
                } else if sameLane {
                    position.slice * segment + position.index - 1
                } else {
                    position.slice * segment - (position.index == 0 ? 1 : 0)
                }
            } else if sameLane {
                position.laneLength - segment + position.index - 1
            } else {
                position.laneLength - segment - (position.index == 0 ? 1 : 0)
            }
        let x = (UInt64(j1) * UInt64(j1)) >> 32
        let y = (UInt64(areaSize) * x) >> 32
        let relative = areaSize - 1 - Int(y)
        let start = position.pass == 0 || position.slice == 3 ? 0 : (position.slice + 1) * segment
        return (start + relative) % position.laneLength
    }
}
