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

import Foundation
import Testing

@testable import GatehouseQRCode

@Suite struct QRCodeTests {
    /// zxing-cpp (an independent encoder) drew the same symbol, module for module, for each
    /// input with the same mask: data encoding, error correction, interleaving, placement, format
    /// and version information all agree.
    @Test(arguments: ReferenceVectors.all.indices)
    func matchesAnIndependentEncoder(index: Int) throws {
        let vector = ReferenceVectors.all[index]
        let code = try #require(QRCode.encode(Array(vector.text.utf8), mask: vector.mask))
        let rows = code.modules.map { row in String(row.map { $0 ? "1" : "0" }) }
        #expect(rows.count == vector.rows.count)
        for (y, (mine, theirs)) in zip(rows, vector.rows).enumerated() {
            #expect(mine == theirs, "row \(y) differs")
        }
    }

    @Test func picksTheSmallestVersionThatHoldsTheData() throws {
        // Level M byte capacities: version 1 holds 14 bytes, version 2 holds 26.
        #expect(try #require(QRCode.encode(String(repeating: "a", count: 14))).version == 1)
        #expect(try #require(QRCode.encode(String(repeating: "a", count: 15))).version == 2)
        #expect(try #require(QRCode.encode(String(repeating: "a", count: 2331))).version == 40)
        #expect(QRCode.encode(String(repeating: "a", count: 2332)) == nil)
    }

    @Test func choosesTheMaskWithTheLowestPenalty() throws {
        let text = "otpauth://totp/Gatehouse:a@b.io?secret=JBSWY3DPEHPK3PXP"
        let chosen = try #require(QRCode.encode(text))
        let scores = (0..<8).map { QRPenalty.score(QRCode.encode(Array(text.utf8), mask: $0)!.modules) }
        #expect(QRPenalty.score(chosen.modules) == scores.min())
        #expect(chosen.mask == scores.firstIndex(of: scores.min()!))
    }

    @Test func penaltyScoresTheStandardsRules() {
        // A 5-module dark run (rule 1: 3) in an otherwise alternating 5×5 grid.
        let all = [[Bool]](repeating: [Bool](repeating: true, count: 5), count: 5)
        // All dark: 10 runs of 5 (30), 16 2×2 blocks (48), 100 % dark (rule 4: 90).
        #expect(QRPenalty.score(all) == 30 + 48 + 90)
    }

    @Test func svgHasTheQuietZoneAndNoHashCharacter() throws {
        let code = try #require(QRCode.encode("HELLO"))
        let svg = code.svg()
        #expect(svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\""))
        #expect(svg.contains("viewBox=\"0 0 29 29\""))
        #expect(!svg.contains("#"))
        let squares = svg.components(separatedBy: "h1v1h-1z").count - 1
        #expect(squares == code.modules.joined().filter { $0 }.count)
    }
}
