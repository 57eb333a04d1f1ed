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

@testable import GatehouseServer

/// `GATEHOUSE_PASSWORD_BREACH_API`'s lookups on `/metrics`: each lookup
/// counted by its outcome — `breached`, `clean`, or `failed` (which let the password through).
@Suite("Metrics: password breach lookups")
struct PasswordBreachMetricsTests {
    static let name = "gatehouse_password_breach_lookups_total"

    static func count(_ text: String, _ outcome: String) -> Double {
        MetricsContentTests.value(text, name, ["outcome=\"\(outcome)\""]) ?? 0
    }

    @Test("a breached and a clean password are counted by outcome", arguments: Backend.all)
    func breachedAndClean(_ backend: Backend) async throws {
        let breached = PasswordBreachLookupTests.breached
        try await FakeRangeServer.run(breached: breached) { base, _ in
            let configure: (inout ServerConfiguration) -> Void = {
                $0.passwordBreach.rangeAPI = base + "/range"
                $0.passwordBreach.timeout = .seconds(20)
            }
            try await TestServer.run(backend, configure: configure) { api in
                let email = TestServer.uniqueEmail("breachmetrics")
                #expect(try await api.signUp(email, breached).status == .unprocessableContent)
                #expect(try await api.signUp(email).status == .ok)

                let text = try await api.atRoot.send(.get, "/metrics").text
                #expect(Self.count(text, "breached") == 1, "\(text)")
                #expect(Self.count(text, "clean") == 1)
                #expect(Self.count(text, "failed") == 0)
                #expect(!text.contains(email) && !text.contains(breached))
            }
        }
    }

    @Test("a failed lookup lets the password through and is counted as failed", arguments: Backend.all)
    func failed(_ backend: Backend) async throws {
        try await FakeRangeServer.run(breached: PasswordBreachLookupTests.breached) { base, _ in
            try await TestServer.run(backend, configure: { $0.passwordBreach.rangeAPI = base + "/broken" }) { api in
                #expect(try await api.signUp(TestServer.uniqueEmail("unchecked")).status == .ok)
                let text = try await api.atRoot.send(.get, "/metrics").text
                #expect(Self.count(text, "failed") == 1, "\(text)")
                #expect(Self.count(text, "breached") + Self.count(text, "clean") == 0)
            }
        }
    }
}
