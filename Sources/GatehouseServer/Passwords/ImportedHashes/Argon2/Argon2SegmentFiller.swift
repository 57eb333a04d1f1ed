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

/// Fills one segment of Argon2's memory (RFC 9106 section 3.4): each block is
/// G(previous block, reference block), the reference chosen from pseudo-random numbers that
/// come from the previous block (data-dependent: Argon2d, and Argon2id after its first half
/// pass) or from an address block computed from the position only (data-independent: Argon2i,
/// and the start of Argon2id).
struct Argon2SegmentFiller {
    let memory: Argon2Memory
    let compression: Argon2Compression
    let parameters: Argon2.Parameters
    let segmentLength: Int

    func fill(pass: Int, slice: Int, lane: Int) {
        let dataIndependent = parameters.variant == .i || (parameters.variant == .id && pass == 0 && slice < 2)
        withAddressBlocks(pass: pass, slice: slice, lane: lane) { nextAddresses, addresses in
            // The first two blocks of each lane come from H0.
            let first = pass == 0 && slice == 0 ? 2 : 0
            if dataIndependent && first != 0 { nextAddresses() }
            let laneStart = lane * memory.laneLength
            for index in first..<segmentLength {
                let column = slice * segmentLength + index
                let previous = laneStart + (column == 0 ? memory.laneLength - 1 : column - 1)
                let pseudoRandom: UInt64
                if dataIndependent {
                    if index % Argon2Compression.words == 0 { nextAddresses() }
                    pseudoRandom = addresses[index % Argon2Compression.words]
                } else {
                    pseudoRandom = memory.block(previous)[0]
                }
                let referenceLane =
                    pass == 0 && slice == 0 ? lane : Int((pseudoRandom >> 32) % UInt64(parameters.lanes))
                let position = Argon2ReferenceBlock.Position(
                    pass: pass, slice: slice, index: index, segmentLength: segmentLength)
                let referenceColumn = Argon2ReferenceBlock.column(
                    for: position, sameLane: referenceLane == lane, j1: UInt32(truncatingIfNeeded: pseudoRandom))
                compression.compress(
                    memory.block(previous), memory.block(lane: referenceLane, column: referenceColumn),
                    into: memory.block(laneStart + column), xorInto: parameters.version == .v13 && pass > 0)
            }
        }
    }

    /// Runs `body` with a generator of address blocks for this segment: G(0, G(0, Z)), Z
    /// holding the position (pass, lane, slice), the sizes, the type and a counter.
    private func withAddressBlocks(
        pass: Int, slice: Int, lane: Int, _ body: (_ next: () -> Void, _ addresses: UnsafeMutablePointer<UInt64>) -> Void
    ) {
        let words = Argon2Compression.words
        let buffers = UnsafeMutablePointer<UInt64>.allocate(capacity: 3 * words)
        buffers.initialize(repeating: 0, count: 3 * words)
        defer { buffers.deallocate() }
        let zero = buffers
        let input = buffers + words
        let addresses = buffers + 2 * words
        let fields = [pass, lane, slice, memory.lanes * memory.laneLength, parameters.passes, parameters.variant.rawValue]
        for (index, value) in fields.enumerated() { input[index] = UInt64(value) }
        body(
            {
                input[6] &+= 1
                compression.compress(zero, input, into: addresses, xorInto: false)
                compression.compress(zero, addresses, into: addresses, xorInto: false)
            }, addresses)
    }
}
