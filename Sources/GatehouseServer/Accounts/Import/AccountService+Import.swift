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

extension AccountService {
    /// Writes `accounts` in one transaction and says what became of each, in order. An account
    /// whose id, Firebase uid or address is already here (or earlier in the batch) is skipped, so
    /// a re-run of the same import changes nothing; one that cannot be an account (its address)
    /// is refused. `dryRun` decides the same outcomes and writes nothing. Imported hashes were
    /// checked when the accounts were built; sign-in verifies them and replaces them with bcrypt.
    func importAccounts(_ accounts: [ImportedAccount], dryRun: Bool = false) async throws(AuthError) -> [ImportOutcome] {
        let now = clock.now()
        let random = random
        return try await store.run(dryRun ? .read : .transaction) { database in
            var outcomes: [ImportOutcome] = []
            var seenIds = Set<UUID>()
            var seenEmails = Set<String>()
            for account in accounts {
                guard let email = try? AuthError.checkEmail(account.email) else {
                    outcomes.append(.refused(reason: "email is not a valid address"))
                    continue
                }
                let idTaken = try await database.users.find(id: account.id) != nil
                if idTaken || seenIds.contains(account.id) {
                    outcomes.append(.skipped(id: account.id, because: .idExists))
                    continue
                }
                let emailTaken = try await database.users.find(email: email) != nil
                if emailTaken || seenEmails.contains(email.normalized) {
                    outcomes.append(.skipped(id: account.id, because: .addressExists))
                    continue
                }
                seenIds.insert(account.id)
                seenEmails.insert(email.normalized)
                if dryRun {
                    outcomes.append(.imported(id: account.id))
                    continue
                }
                let user = UserRecord.imported(account, email: email, now: now, random: random)
                guard try await database.users.insert(user) else {
                    outcomes.append(.skipped(id: account.id, because: .addressExists))
                    continue
                }
                var traits = ["source": account.firebaseUid == nil ? "import" : "firebase_import"]
                if let hash = account.passwordHash { traits["password_hash"] = hash.formatName }
                try await database.audit(AuditEvent(.userImported, user, traits: traits), at: now)
                outcomes.append(.imported(id: account.id))
            }
            return outcomes
        }
    }
}
