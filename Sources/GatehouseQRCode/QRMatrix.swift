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

/// The module grid being drawn, and which modules belong to function patterns (finder, timing,
/// alignment, format and version areas), which masking and data placement skip.
struct QRMatrix {
    let version: Int
    let size: Int
    private(set) var modules: [[Bool]]
    private var isFunction: [[Bool]]

    init(version: Int) {
        self.version = version
        size = 17 + 4 * version
        modules = Array(repeating: Array(repeating: false, count: size), count: size)
        isFunction = modules
    }

    private mutating func setFunction(x: Int, y: Int, dark: Bool) {
        modules[y][x] = dark
        isFunction[y][x] = true
    }

    mutating func drawFunctionPatterns() {
        for index in 0..<size {
            setFunction(x: 6, y: index, dark: index % 2 == 0)
            setFunction(x: index, y: 6, dark: index % 2 == 0)
        }
        drawFinder(centreX: 3, centreY: 3)
        drawFinder(centreX: size - 4, centreY: 3)
        drawFinder(centreX: 3, centreY: size - 4)
        let positions = QRTables.alignmentPositions(version: version)
        let last = positions.count - 1
        for (i, x) in positions.enumerated() {
            for (j, y) in positions.enumerated() {
                // The three corners hold finder patterns.
                if (i == 0 && j == 0) || (i == 0 && j == last) || (i == last && j == 0) { continue }
                drawAlignment(centreX: x, centreY: y)
            }
        }
        drawFormatBits(mask: 0)  // reserves the area; redrawn once the mask is chosen
        drawVersionBits()
    }

    /// A 7×7 finder with its light separator, clipped at the symbol's edges.
    private mutating func drawFinder(centreX: Int, centreY: Int) {
        for dy in -4...4 {
            for dx in -4...4 {
                let x = centreX + dx
                let y = centreY + dy
                guard (0..<size).contains(x), (0..<size).contains(y) else { continue }
                let distance = max(abs(dx), abs(dy))
                setFunction(x: x, y: y, dark: distance != 2 && distance != 4)
            }
        }
    }

    private mutating func drawAlignment(centreX: Int, centreY: Int) {
        for dy in -2...2 {
            for dx in -2...2 {
                setFunction(x: centreX + dx, y: centreY + dy, dark: max(abs(dx), abs(dy)) != 1)
            }
        }
    }

    /// The 15-bit format information (level M = 00, the mask), BCH-protected, drawn twice, and
    /// the always-dark module.
    mutating func drawFormatBits(mask: Int) {
        let data = (0b00 << 3) | mask
        var remainder = data
        for _ in 0..<10 { remainder = (remainder << 1) ^ ((remainder >> 9) * 0x537) }
        let bits = ((data << 10) | remainder) ^ 0x5412
        func bit(_ index: Int) -> Bool { (bits >> index) & 1 == 1 }
        for index in 0...5 { setFunction(x: 8, y: index, dark: bit(index)) }
        setFunction(x: 8, y: 7, dark: bit(6))
        setFunction(x: 8, y: 8, dark: bit(7))
        setFunction(x: 7, y: 8, dark: bit(8))
        for index in 9..<15 { setFunction(x: 14 - index, y: 8, dark: bit(index)) }
        for index in 0..<8 { setFunction(x: size - 1 - index, y: 8, dark: bit(index)) }
        for index in 8..<15 { setFunction(x: 8, y: size - 15 + index, dark: bit(index)) }
        setFunction(x: 8, y: size - 8, dark: true)
    }

    /// The 18-bit version information of versions 7 and up, in its two 6×3 blocks.
    private mutating func drawVersionBits() {
        guard version >= 7 else { return }
        var remainder = version
        for _ in 0..<12 { remainder = (remainder << 1) ^ ((remainder >> 11) * 0x1F25) }
        let bits = (version << 12) | remainder
        for index in 0..<18 {
            let dark = (bits >> index) & 1 == 1
            let a = size - 11 + index % 3
            let b = index / 3
            setFunction(x: a, y: b, dark: dark)
            setFunction(x: b, y: a, dark: dark)
        }
    }

    /// Places the codewords in the zigzag order: two-module columns from the right, alternately
    /// upwards and downwards, skipping the vertical timing column.
    mutating func placeData(_ codewords: [UInt8]) {
        var bitIndex = 0
        let totalBits = codewords.count * 8
        var right = size - 1
        while right >= 1 {
            if right == 6 { right = 5 }
            for vertical in 0..<size {
                for column in 0..<2 {
                    let x = right - column
                    let upward = (right + 1) & 2 == 0
                    let y = upward ? size - 1 - vertical : vertical
                    guard !isFunction[y][x], bitIndex < totalBits else { continue }
                    modules[y][x] = (codewords[bitIndex >> 3] >> (7 - UInt8(bitIndex & 7))) & 1 == 1
                    bitIndex += 1
                }
            }
            right -= 2
        }
    }

    mutating func applyMask(_ mask: Int) {
        for y in 0..<size {
            for x in 0..<size where !isFunction[y][x] && QRMask.inverts(mask, x: x, y: y) {
                modules[y][x].toggle()
            }
        }
    }
}

/// The eight data masks: whether mask `mask` inverts the module at (x, y).
enum QRMask {
    static func inverts(_ mask: Int, x: Int, y: Int) -> Bool {
        switch mask {
        case 0: (x + y) % 2 == 0
        case 1: y % 2 == 0
        case 2: x % 3 == 0
        case 3: (x + y) % 3 == 0
        case 4: (x / 3 + y / 2) % 2 == 0
        case 5: x * y % 2 + x * y % 3 == 0
        case 6: (x * y % 2 + x * y % 3) % 2 == 0
        default: ((x + y) % 2 + x * y % 3) % 2 == 0
        }
    }
}
