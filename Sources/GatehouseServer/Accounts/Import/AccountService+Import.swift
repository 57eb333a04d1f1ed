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
    ///
    /// The batch is looked up and written with a few multi-row statements
    /// (`UserRepository+Import.swift`), not one account at a time.
    func importAccounts(_ accounts: [ImportedAccount], dryRun: Bool = false) async throws(AuthError) -> [ImportOutcome] {
        let now = clock.now()
        let random = random
        let emails = accounts.map { try? AuthError.checkEmail($0.email) }
        return try await store.run(dryRun ? .read : .transaction) { database in
            let takenIds = try await database.users.existingIds(accounts.map(\.id))
            let takenEmails = try await database.users.existingEmails(emails.compactMap { $0?.normalized })
            var outcomes: [ImportOutcome] = []
            var seenIds = Set<UUID>()
            var seenEmails = Set<String>()
            var users: [(index: Int, user: UserRecord)] = []
            for (account, email) in zip(accounts, emails) {
                guard let email else {
                    outcomes.append(.refused(reason: "email is not a valid address"))
                    continue
                }
                if takenIds.contains(account.id) || seenIds.contains(account.id) {
                    outcomes.append(.skipped(id: account.id, because: .idExists))
                    continue
                }
                if takenEmails.contains(email.normalized) || seenEmails.contains(email.normalized) {
                    outcomes.append(.skipped(id: account.id, because: .addressExists))
                    continue
                }
                seenIds.insert(account.id)
                seenEmails.insert(email.normalized)
                if !dryRun { users.append((outcomes.count, UserRecord.imported(account, email: email, now: now, random: random))) }
                outcomes.append(.imported(id: account.id))
            }
            guard !dryRun, !users.isEmpty else { return outcomes }
            let written = try await database.users.insertEach(users.map(\.user))
            var entries: [AuditEntry] = []
            for (index, user) in users {
                guard written.contains(user.id) else {
                    outcomes[index] = .skipped(id: user.id, because: .addressExists)
                    continue
                }
                let account = accounts[index]
                var traits = ["source": account.firebaseUid == nil ? "import" : "firebase_import"]
                if let hash = account.passwordHash { traits["password_hash"] = hash.formatName }
                entries.append(AuditEntry(AuditEvent(.userImported, user, traits: traits), at: now, request: AuditRequest.current))
            }
            try await database.auditLog.appendEach(entries)
            return outcomes
        }
    }
}
