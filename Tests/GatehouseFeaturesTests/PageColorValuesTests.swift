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

import GatehouseFeatures
import Testing

/// Spec 002 §6 "Color Palette" in the light appearance, the one the spec gives: GatehouseUI's
/// `Palette` draws every colour from `PageColor`, so these values are what the pages show.
@Suite("Page colours are spec 002's")
struct PageColorValuesTests {
    @Test func theLightColoursAreSpec002s() {
        let specified: [(role: PageColor, hex: UInt32)] = [
            (.buttonStart, 0x0066FF), (.buttonEnd, 0x0052CC),  // Sign In: blue-500 → blue-600
            (.secondaryText, 0x475569),  // Forgot password link, secondary text: slate-600
            (.link, 0x2563EB),  // Remember me checked, Create one now: blue-600
            (.danger, 0xDC2626), (.dangerBackground, 0xFEE2E2), (.dangerBorder, 0xFECACA),
            (.warningText, 0x92400E), (.warningBackground, 0xFFFBEB), (.warningBorder, 0xFEE3A8),
            (.pageStart, 0x059669), (.pageEnd, 0x047857),  // emerald page gradient
            (.label, 0x374151), (.placeholder, 0xA0AEC0),
            (.border, 0xCBD5E1),  // inputs' default border: slate-300
            (.card, 0xFFFFFF), (.buttonText, 0xFFFFFF),
        ]
        for (role, hex) in specified {
            #expect(role.value(in: .light) == SRGB(hex), "\(role)")
        }
    }
}
