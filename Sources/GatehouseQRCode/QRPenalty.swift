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

/// The mask-selection score of ISO/IEC 18004 section 7.8.3: the mask with the lowest total wins.
enum QRPenalty {
    static func score(_ modules: [[Bool]]) -> Int {
        let size = modules.count
        let columns = (0..<size).map { x in modules.map { $0[x] } }
        var total = 0
        for line in modules + columns {
            total += runPenalty(line) + finderLikePenalty(line)
        }
        // Rule 2: each 2×2 block of one colour.
        for y in 0..<size - 1 {
            for x in 0..<size - 1 {
                let colour = modules[y][x]
                if modules[y][x + 1] == colour && modules[y + 1][x] == colour && modules[y + 1][x + 1] == colour { total += 3 }
            }
        }
        // Rule 4: 10 points for each full 5 % the dark share strays from 50 %.
        let dark = modules.reduce(0) { $0 + $1.filter { $0 }.count }
        let deviation = abs(dark * 20 - size * size * 10)
        total += 10 * ((deviation + size * size - 1) / (size * size) - 1).clamped(min: 0)
        return total
    }

    /// Rule 1: 3 points for a run of 5 same-coloured modules, one more for each module beyond.
    private static func runPenalty(_ line: [Bool]) -> Int {
        var total = 0
        var runLength = 1
        for index in 1..<line.count {
            if line[index] == line[index - 1] {
                runLength += 1
            } else {
                if runLength >= 5 { total += runLength - 2 }
                runLength = 1
            }
        }
        if runLength >= 5 { total += runLength - 2 }
        return total
    }

    /// Rule 3: 40 points for each dark-light-dark×3-light-dark pattern with four light modules on
    /// one side (the area beyond the symbol counts as light: it is the quiet zone).
    private static func finderLikePenalty(_ line: [Bool]) -> Int {
        let core: [Bool] = [true, false, true, true, true, false, true]
        let padded = [Bool](repeating: false, count: 4) + line + [Bool](repeating: false, count: 4)
        var total = 0
        for start in 0...(padded.count - 7) where Array(padded[start..<start + 7]) == core {
            let before = start >= 4 && padded[(start - 4)..<start].allSatisfy { !$0 }
            let after = start + 11 <= padded.count && padded[(start + 7)..<(start + 11)].allSatisfy { !$0 }
            if before || after { total += 40 }
        }
        return total
    }
}

extension Int {
    fileprivate func clamped(min lower: Int) -> Int { Swift.max(self, lower) }
}
