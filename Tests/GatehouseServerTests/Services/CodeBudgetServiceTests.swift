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

/// The 6-digit code's guess budgets, on the services' clock with seeded codes.
@Suite("Services: code guess budgets on a fixed clock")
struct CodeBudgetServiceTests {
    static func wrong(_ code: String) -> String {
        String(format: "%06d", (Int(code)! + 1) % 1_000_000)
    }

    @Test(
        "five wrong guesses spend a code; ten across codes spend the account's hour; the next hour a new code works", arguments: Backend.all
    )
    func guessBudgets(_ backend: Backend) async throws {
        try await ServiceFixture.with(backend) { fixture in
            try await fixture.account("grace@example.com")
            let recovery = fixture.services.recovery
            func guess(_ code: String) async throws -> IssuedSession {
                try await recovery.verify(email: "grace@example.com", code: code, type: .recovery, client: ServiceFixture.client)
            }
            let first = try await fixture.recoveryEmail(to: "grace@example.com")
            for _ in 0..<5 {
                let error = await #expect(throws: AuthError.self) { try await guess(Self.wrong(first.code)) }
                #expect(error?.code == .otpExpired)
            }
            // The code's own five tries are gone: even the right code fails now.
            await #expect(throws: AuthError.self) { try await guess(first.code) }

            // A new code, four more wrong guesses: ten tries in this hour in all.
            let second = try await fixture.recoveryEmail(to: "grace@example.com")
            for _ in 0..<4 { await #expect(throws: AuthError.self) { try await guess(Self.wrong(second.code)) } }
            let third = try await fixture.recoveryEmail(to: "grace@example.com")
            await #expect(throws: AuthError.self) { try await guess(third.code) }

            // Within the hour nothing helps; once it has passed, a fresh code works at once.
            fixture.clock.advance(seconds: CodeGuessBudget.windowSeconds - 1)
            let fourth = try await fixture.recoveryEmail(to: "grace@example.com")
            await #expect(throws: AuthError.self) { try await guess(fourth.code) }
            fixture.clock.advance(seconds: 2)
            let fifth = try await fixture.recoveryEmail(to: "grace@example.com")
            let session = try await guess(fifth.code)
            #expect(session.user.email == "grace@example.com")
        }
    }
}
