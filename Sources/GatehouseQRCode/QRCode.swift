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

/// A QR Code symbol (ISO/IEC 18004, model 2) for a byte string, at error-correction level M: the
/// level GoTrue's TOTP enrolment uses for its `otpauth://` URI.
///
/// Written here because the package mirror has no QR library. The encoder always uses byte mode
/// (an `otpauth://` URI is mixed case, so alphanumeric mode would not apply), picks the smallest
/// version that holds the data, and chooses the mask with the lowest penalty score.
public struct QRCode: Sendable, Equatable {
    /// 1...40.
    public let version: Int
    /// 0...7, the data mask applied.
    public let mask: Int
    /// Modules per side (`17 + 4 * version`).
    public var size: Int { modules.count }
    /// `modules[y][x]`: true is a dark module.
    public let modules: [[Bool]]

    /// The symbol for `bytes`, or nil when they do not fit version 40 at level M (2,331 bytes).
    public static func encode(_ bytes: [UInt8]) -> QRCode? {
        guard let version = QRTables.smallestVersion(holding: bytes.count) else { return nil }
        let codewords = QRCodewords.make(data: bytes, version: version)
        var best: QRCode?
        var bestPenalty = Int.max
        for mask in 0..<8 {
            var matrix = QRMatrix(version: version)
            matrix.drawFunctionPatterns()
            matrix.placeData(codewords)
            matrix.applyMask(mask)
            matrix.drawFormatBits(mask: mask)
            let penalty = QRPenalty.score(matrix.modules)
            if penalty < bestPenalty {
                bestPenalty = penalty
                best = QRCode(version: version, mask: mask, modules: matrix.modules)
            }
        }
        return best
    }

    /// The symbol for a string's UTF-8 bytes.
    public static func encode(_ text: String) -> QRCode? {
        encode(Array(text.utf8))
    }

    /// The symbol with a given mask (for tests comparing against other encoders).
    public static func encode(_ bytes: [UInt8], mask: Int) -> QRCode? {
        guard (0..<8).contains(mask), let version = QRTables.smallestVersion(holding: bytes.count) else { return nil }
        var matrix = QRMatrix(version: version)
        matrix.drawFunctionPatterns()
        matrix.placeData(QRCodewords.make(data: bytes, version: version))
        matrix.applyMask(mask)
        matrix.drawFormatBits(mask: mask)
        return QRCode(version: version, mask: mask, modules: matrix.modules)
    }
}
