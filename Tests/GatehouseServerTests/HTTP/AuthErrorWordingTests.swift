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
import GatehouseCore
import Testing

@testable import GatehouseServer

/// Services say what failed; `AuthErrorWording` alone says it in GoTrue's sentences.
@Suite("Error wording")
struct AuthErrorWordingTests {
    @Test("a code's sentence is written only in the wording table, not again by a service")
    func sentencesLiveInOnePlace() throws {
        let table = "Sources/GatehouseServer/HTTP/AuthErrorWording.swift"
        let files = try ArchitectureRulesTests.swiftFiles(under: ArchitectureRulesTests.serverFolder)
        #expect(files.contains { $0.path == table })
        // Short sentences ("Not Found") also name HTTP statuses and page texts; the long ones are
        // GoTrue's own wording, which no other file has a reason to spell.
        let sentences = AuthErrorWording.byCode.values.filter { $0.count > 24 }.map { "\"\($0)\"" }
        #expect(sentences.count > 30)
        var repeated: [String] = []
        for file in files where file.path != table {
            for line in ArchitectureRulesTests.codeLines(file.text) {
                repeated += sentences.filter { line.contains($0) }.map { "\(file.path): \($0)" }
            }
        }
        #expect(repeated.isEmpty, "\(repeated)")
    }

    @Test("an error without a detail is worded by its code, then by its kind; a detail wins")
    func precedence() {
        #expect(AuthErrorWording.text(for: AuthError(.userBanned, kind: .forbidden)) == "User is banned")
        #expect(AuthErrorWording.text(for: AuthError(.userBanned, kind: .forbidden, "Banned until 2030")) == "Banned until 2030")
        #expect(AuthErrorWording.text(for: AuthError(AuthErrorCode("made_up"), kind: .rateLimited)) == "Request rate limit reached")
    }

    @Test("the rules that carry a number word it from the error, not from a fixed sentence")
    func parameterisedSentences() {
        let window = AuthError(.overEmailSendRateLimit, kind: .rateLimited, retryAfter: 42)
        #expect(AuthErrorWording.text(for: window) == "For security purposes, you can only request this after 42 seconds.")
        let short = AuthError.weakPassword(.tooShort(minimumLength: 9))
        #expect(AuthErrorWording.text(for: short) == "Password should be at least 9 characters.")
        #expect(short.weakPasswordReasons == ["length"])
        #expect(AuthErrorWording.text(for: .weakPassword(.tooCommon)) == PasswordCheck.tooCommonMessage)
    }
}
