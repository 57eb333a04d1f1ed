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
import Logging
import SQLKit
import Testing

@testable import GatehouseServer

/// Databases written before a GoTrue sign-up's password stayed pending kept it in the account
/// row too, where Firebase's sign-in accepted it. The upgrade takes it out of such rows and
/// leaves a Firebase sign-up's own password alone.
@Suite("Storage: a pending sign-up's password leaves the account row on upgrade")
struct PendingPasswordMigrationTests {
    @Test("legacy GoTrue sign-up rows lose the password; Firebase sign-ups keep theirs", arguments: Backend.all)
    func upgrade(_ backend: Backend) async throws {
        try await ServiceFixture.with(backend, configure: { $0.autoconfirm = false }) { fixture in
            let accounts = fixture.services.accounts
            let client = ServiceFixture.client
            _ = try await accounts.signUp(email: "legacy@example.com", password: "first registrant 1", data: [:], client: client)
            let firebase = try await accounts.signUpAndSignIn(
                email: "firebase@example.com", password: "firebase owner 1", userMetadata: [:], client: client)
            _ = try await accounts.signUp(email: "firebase@example.com", password: "a stranger 22", data: [:], client: client)
            let store = fixture.services.environment.store
            // What the earlier sign-up wrote: the pending sign-up's hash in the row as well.
            try await store.run(.transaction) { work in
                try await work.database.raw(
                    """
                    UPDATE users SET encrypted_password =
                        (SELECT p.password_hash FROM pending_signups p WHERE p.user_id = users.id)
                    WHERE email = 'legacy@example.com'
                    """
                ).run()
                try await work.database.raw("DELETE FROM schema_migrations WHERE version = 16").run()
            }
            let legacyBefore = try await store.run { try await $0.users.find(email: EmailAddress(validating: "legacy@example.com")) }
            #expect(legacyBefore?.passwordHash != nil)

            try await Migrations.apply(to: store.sql, logger: Logger(label: "migration-test"))

            let (legacy, owner) = try await store.run { work in
                (
                    try await work.users.find(email: EmailAddress(validating: "legacy@example.com")),
                    try await work.users.find(id: firebase.user.id)
                )
            }
            #expect(legacy?.passwordHash == nil, "a pending sign-up's password stayed in the row")
            #expect(owner?.passwordHash == firebase.user.passwordHash, "a Firebase sign-up lost its own password")
        }
    }
}
