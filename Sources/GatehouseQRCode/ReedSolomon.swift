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

/// Reed-Solomon error correction over GF(256) with QR's field polynomial x^8+x^4+x^3+x^2+1.
enum ReedSolomon {
    /// The generator polynomial's coefficients (highest degree first, the leading 1 left out) of
    /// (x - α^0)(x - α^1)…(x - α^(degree-1)).
    static func generator(degree: Int) -> [UInt8] {
        var result = [UInt8](repeating: 0, count: degree)
        result[degree - 1] = 1
        var root: UInt8 = 1
        for _ in 0..<degree {
            for index in 0..<degree {
                result[index] = multiply(result[index], root)
                if index + 1 < degree { result[index] ^= result[index + 1] }
            }
            root = multiply(root, 0x02)
        }
        return result
    }

    /// The error-correction codewords: the remainder of data·x^degree divided by the generator.
    static func remainder(of data: [UInt8], generator: [UInt8]) -> [UInt8] {
        var result = [UInt8](repeating: 0, count: generator.count)
        for byte in data {
            let factor = byte ^ result.removeFirst()
            result.append(0)
            for index in result.indices { result[index] ^= multiply(generator[index], factor) }
        }
        return result
    }

    /// Multiplication in GF(2^8) modulo 0x11D (Russian peasant).
    static func multiply(_ x: UInt8, _ y: UInt8) -> UInt8 {
        var product: Int = 0
        for bit in stride(from: 7, through: 0, by: -1) {
            product = (product << 1) ^ ((product >> 7) * 0x11D)
            product ^= ((Int(y) >> bit) & 1) * Int(x)
        }
        return UInt8(product & 0xFF)
    }
}
