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

/// Spec 002 §6 "Color Contrast: WCAG AA minimum (4.5:1 for text)", in Dark Mode as well: every
/// text the pages draw on each background they draw it on.
@Suite("Page colours")
struct PageColorContrastTests {
    @Test(arguments: Appearance.allCases)
    func everyTextReachesAA(in appearance: Appearance) {
        for (text, background) in PageColor.textPairs {
            let ratio = text.value(in: appearance).contrast(with: background.value(in: appearance))
            #expect(ratio >= 4.5, "\(text) on \(background) in \(appearance): \(ratio)")
        }
    }

    @Test func theRatiosAreWCAGs() {
        #expect(SRGB(0x000000).contrast(with: SRGB(0xFFFFFF)) == 21)
        #expect(SRGB(0x777777).contrast(with: SRGB(0x777777)) == 1)
        // WebAIM's contrast checker gives 4.83:1 for #DC2626 on white.
        #expect(abs(SRGB(0xDC2626).contrast(with: SRGB(0xFFFFFF)) - 4.83) < 0.01)
    }
}
