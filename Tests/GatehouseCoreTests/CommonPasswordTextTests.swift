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

/// Common passwords' shared pieces: the text people read for a common password, and GoTrue's reason
/// `pwned` that carries it from the server to the clients.
@Suite("Common password text and reason")
struct CommonPasswordTextTests {
    @Test func theTextAndTheReason() {
        #expect(UserFacingText.passwordTooCommon == "This password is too common. Choose another.")
        #expect(UserFacingText.text(for: PasswordCheck.tooCommon) == UserFacingText.passwordTooCommon)
        #expect(PasswordCheck.tooCommon.weakPasswordReasons == ["pwned"])
        #expect(PasswordCheck.tooCommon(reasons: ["length", "pwned"]))
        #expect(!PasswordCheck.tooCommon(reasons: ["length"]))
        #expect(!PasswordCheck.tooCommon(reasons: nil))
    }

    @Test func thePolicyAloneNeverSaysTooCommon() {
        // The list lives on the server; the shared policy only judges length and bytes.
        #expect(PasswordPolicy().check("password123") == .acceptable)
    }
}
