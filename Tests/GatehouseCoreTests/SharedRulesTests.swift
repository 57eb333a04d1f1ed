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

import Testing

@testable import GatehouseCore

@Suite("Shared rules: sign-out scope, API version, password confirmation")
struct SharedRulesTests {
    @Test("sign-out scope: wire values, absent means global, case-insensitive, unknown refused")
    func signOutScope() {
        #expect(SignOutScope.allCases.map(\.rawValue) == ["global", "local", "others"])
        #expect(SignOutScope(queryParameter: nil) == .global)
        #expect(SignOutScope(queryParameter: "") == .global)
        #expect(SignOutScope(queryParameter: "LOCAL") == .local)
        #expect(SignOutScope(queryParameter: "others") == .others)
        #expect(SignOutScope(queryParameter: "everyone") == nil)
    }

    @Test("a valid date on or after 2024-01-01 selects the modern error shape")
    func apiVersion() {
        #expect(APIVersion.header == "X-Supabase-Api-Version")
        #expect(APIVersion.selectsModernErrorShape(APIVersion.current))
        #expect(APIVersion.selectsModernErrorShape(" 2025-06-30 "))
        #expect(!APIVersion.selectsModernErrorShape("2023-12-31"))
        // Not dates: the legacy shape, as GoTrue's date parser refuses them.
        #expect(!APIVersion.selectsModernErrorShape("2024-13-01"))
        #expect(!APIVersion.selectsModernErrorShape("2024-02-30"))
        #expect(!APIVersion.selectsModernErrorShape("2024-1-1"))
        #expect(!APIVersion.selectsModernErrorShape("latest"))
    }

    @Test("the confirmation must be present and equal the password")
    func passwordConfirmation() {
        #expect(PasswordConfirmation.problem(password: "secret-1", confirmation: "") == .missing)
        #expect(PasswordConfirmation.problem(password: "", confirmation: "") == .missing)
        #expect(PasswordConfirmation.problem(password: "secret-1", confirmation: "secret-2") == .mismatch)
        #expect(PasswordConfirmation.problem(password: "secret-1", confirmation: "secret-1") == nil)
        // Exact comparison: no trimming, no case folding.
        #expect(PasswordConfirmation.problem(password: "Secret-1", confirmation: "secret-1 ") == .mismatch)
        #expect(UserFacingText.text(for: PasswordConfirmation.missing) == UserFacingText.confirmationRequired)
        #expect(UserFacingText.text(for: PasswordConfirmation.mismatch) == UserFacingText.passwordsDoNotMatch)
    }
}
