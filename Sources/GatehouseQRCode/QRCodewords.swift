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

/// The codeword sequence of a byte-mode symbol: header, data, terminator and padding, split into
/// blocks, each followed by its Reed-Solomon error correction, then interleaved.
enum QRCodewords {
    static func make(data: [UInt8], version: Int) -> [UInt8] {
        let capacity = QRTables.dataCodewords(version: version)
        var bits = BitBuffer()
        bits.append(0b0100, count: 4)
        bits.append(data.count, count: version <= 9 ? 8 : 16)
        for byte in data { bits.append(Int(byte), count: 8) }
        let capacityBits = capacity * 8
        bits.append(0, count: min(4, capacityBits - bits.count))
        bits.append(0, count: (8 - bits.count % 8) % 8)
        var bytes = bits.bytes
        var pad: UInt8 = 0xEC
        while bytes.count < capacity {
            bytes.append(pad)
            pad = pad == 0xEC ? 0x11 : 0xEC
        }
        return interleave(bytes, version: version)
    }

    /// Splits the data into blocks (the short ones first, each one byte shorter than the long
    /// ones), computes each block's error correction, and interleaves column by column.
    private static func interleave(_ data: [UInt8], version: Int) -> [UInt8] {
        let blocks = QRTables.blockCount[version]
        let eccLength = QRTables.eccCodewordsPerBlock[version]
        let rawCodewords = QRTables.rawDataModules(version: version) / 8
        let shortBlocks = blocks - rawCodewords % blocks
        let shortBlockLength = rawCodewords / blocks
        let generator = ReedSolomon.generator(degree: eccLength)
        var dataBlocks = [[UInt8]]()
        var eccBlocks = [[UInt8]]()
        var offset = 0
        for index in 0..<blocks {
            let length = shortBlockLength - eccLength + (index < shortBlocks ? 0 : 1)
            let block = Array(data[offset..<offset + length])
            offset += length
            dataBlocks.append(block)
            eccBlocks.append(ReedSolomon.remainder(of: block, generator: generator))
        }
        var result = [UInt8]()
        let longest = dataBlocks.map(\.count).max() ?? 0
        for column in 0..<longest {
            for block in dataBlocks where column < block.count { result.append(block[column]) }
        }
        for column in 0..<eccLength {
            for block in eccBlocks { result.append(block[column]) }
        }
        return result
    }
}

/// Bits appended most significant first.
struct BitBuffer {
    private(set) var bits = [Bool]()
    var count: Int { bits.count }

    mutating func append(_ value: Int, count: Int) {
        guard count > 0 else { return }
        for shift in stride(from: count - 1, through: 0, by: -1) { bits.append((value >> shift) & 1 == 1) }
    }

    var bytes: [UInt8] {
        stride(from: 0, to: bits.count, by: 8).map { start in
            var byte: UInt8 = 0
            for index in start..<min(start + 8, bits.count) where bits[index] { byte |= 0x80 >> UInt8(index - start) }
            return byte
        }
    }
}
