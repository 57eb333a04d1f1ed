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

import GatehouseCore
import Testing

/// The texts this work added to `UserFacingText`.
@Suite("UserFacingText additions")
struct TextTests {
    @Test(arguments: [
        (1, "1 second"), (45, "45 seconds"), (60, "1 minute"), (90, "1 minute"), (1800, "30 minutes"),
        (3600, "1 hour"), (5400, "90 minutes"), (7200, "2 hours"), (86_400, "24 hours"),
    ])
    func durations(seconds: Int, text: String) {
        #expect(UserFacingText.duration(seconds: seconds) == text)
    }

    @Test func composedTexts() {
        #expect(UserFacingText.linkExpires(inSeconds: 3600) == "Link expires in 1 hour.")
        #expect(UserFacingText.ForgotPassword.sendAnother(secondsLeft: 42) == "Send Another Email (42s)")
        #expect(UserFacingText.confirmationOnItsWay(to: "a@b.co") == "Check your inbox: a confirmation link is on its way to a@b.co.")
        #expect(UserFacingText.text(for: PasswordCheck.missing) == UserFacingText.passwordRequired)
        #expect(UserFacingText.ForgotPassword.validating == UserFacingText.Login.validating)
    }
}
