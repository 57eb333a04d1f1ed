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

/// The per-version capacity figures for error-correction level M (ISO/IEC 18004 table 9).
enum QRTables {
    /// Error-correction codewords in each block, by version (index 0 unused).
    static let eccCodewordsPerBlock: [Int] = [
        -1, 10, 16, 26, 18, 24, 16, 18, 22, 22, 26, 30, 22, 22, 24, 24, 28, 28, 26, 26, 26,
        26, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28,
    ]
    /// Number of error-correction blocks, by version (index 0 unused).
    static let blockCount: [Int] = [
        -1, 1, 1, 1, 2, 2, 4, 4, 4, 5, 5, 5, 8, 9, 9, 10, 10, 11, 13, 14, 16,
        17, 17, 18, 20, 21, 23, 25, 26, 28, 29, 31, 33, 35, 37, 38, 40, 43, 45, 47, 49,
    ]

    /// Modules available for data and error correction (everything but the function patterns),
    /// in bits; may not be a multiple of 8 (the remainder bits stay light before masking).
    static func rawDataModules(version: Int) -> Int {
        var result = (16 * version + 128) * version + 64
        if version >= 2 {
            let alignments = version / 7 + 2
            result -= (25 * alignments - 10) * alignments - 55
            if version >= 7 { result -= 36 }
        }
        return result
    }

    /// Data codewords (bytes) the version holds at level M.
    static func dataCodewords(version: Int) -> Int {
        rawDataModules(version: version) / 8 - eccCodewordsPerBlock[version] * blockCount[version]
    }

    /// Bits of the byte-mode header: 4 for the mode, 8 or 16 for the count.
    static func headerBits(version: Int) -> Int {
        4 + (version <= 9 ? 8 : 16)
    }

    static func smallestVersion(holding byteCount: Int) -> Int? {
        (1...40).first { version in
            headerBits(version: version) + 8 * byteCount <= 8 * dataCodewords(version: version)
        }
    }

    /// The centres of the alignment patterns along one axis (both axes use the same list).
    static func alignmentPositions(version: Int) -> [Int] {
        guard version > 1 else { return [] }
        let count = version / 7 + 2
        let size = 17 + 4 * version
        let step = (version * 8 + count * 3 + 5) / (count * 4 - 4) * 2
        var positions = [Int]()
        var position = size - 7
        while positions.count < count - 1 {
            positions.insert(position, at: 0)
            position -= step
        }
        return [6] + positions
    }
}
