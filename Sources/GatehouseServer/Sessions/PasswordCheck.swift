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

/// A password that matched: the account, its normalised address and its failure-budget key.
struct CheckedPassword: Sendable {
    var user: UserRecord
    var address: String
    var budgetKey: String
    /// The password matched a GoTrue sign-up still waiting for its link, not the account's own
    /// (`AccountLifecycle.passwordSignIn` decides what that may yield).
    var matchedPendingSignUp = false
}

extension SessionService {
    /// The steps every password sign-in starts with (`/token`, Firebase's, the pages', the
    /// console's): the address's failure budget claimed before anything is looked up, the
    /// account found, and exactly one bcrypt verify on every path past the budget (a decoy for
    /// unknown addresses, an empty candidate for an over-long password), so a registered
    /// address costs no more time than an unknown one.
    ///
    /// `includingPendingSignUp`: for an unconfirmed account without a password of its own, the
    /// newest pending sign-up's password is the one checked (GoTrue then answers
    /// `email_not_confirmed` to whoever knew it); otherwise such an account has no password.
    ///
    /// `refuse` turns a refusal (the error, the address, the account if one was found, the
    /// reason for the audit log) into the error to throw: each caller audits and words its own.
    func checkPassword(
        email rawEmail: String, password: String, includingPendingSignUp: Bool = false,
        refuse: (AuthError, _ address: String, UserRecord?, _ reason: String) async -> AuthError
    ) async throws(AuthError) -> CheckedPassword {
        let email = try? EmailAddress(validating: rawEmail)
        let address = email?.normalized ?? rawEmail.trimmingCharacters(in: .whitespaces).lowercased()
        let budgetKey = tokenHasher.budgetKey("signin", address)
        do {
            try await claimSignInTry(budgetKey: budgetKey)
        } catch {
            // Only a spent budget is "too many attempts"; a storage failure is recorded as what it is.
            let reason = error.code == .overRequestRateLimit ? "too_many_attempts" : error.code.rawValue
            throw await refuse(error, address, nil, reason)
        }
        let found: (user: UserRecord, pendingHash: String?)? =
            if let email {
                try await store.run { database in
                    guard let user = try await database.users.find(email: email) else { return nil }
                    guard includingPendingSignUp, user.passwordHash == nil, !user.isConfirmed else { return (user, nil) }
                    return (user, try await database.pendingSignups.newest(userId: user.id)?.passwordHash)
                }
            } else {
                nil
            }
        let user = found?.user
        let checkedHash = found.flatMap { $0.user.passwordHash ?? $0.pendingHash }
        // Over-long passwords cannot match a bcrypt hash (its 72-byte limit is enforced when
        // setting one), but still cost one verify so the answer time stays the same. A hash
        // imported from another system has no such limit.
        let bcryptLimited = checkedHash.map(PasswordHasher.isBcrypt) ?? true
        let candidate = bcryptLimited && password.utf8.count > PasswordPolicy.maximumBytes ? "" : password
        let matches = try await hashing { try await hasher.verify(candidate, against: checkedHash) }
        guard matches, var matched = user, !candidate.isEmpty else {
            throw await refuse(.invalidCredentials, address, user, "invalid_credentials")
        }
        if let imported = matched.passwordHash, !bcryptLimited {
            matched = await upgradedHash(of: matched, from: imported, password: candidate)
        }
        return CheckedPassword(
            user: matched, address: address, budgetKey: budgetKey, matchedPendingSignUp: matched.passwordHash == nil)
    }

    /// After a sign-in with a hash imported from another system: the account's password hashed
    /// again as Gatehouse's own bcrypt, so the imported hash is used no more. A password bcrypt
    /// cannot hold whole (over 72 bytes) keeps its imported hash; a failed upgrade is logged and
    /// leaves the sign-in as it is (the next one tries again).
    private func upgradedHash(of user: UserRecord, from imported: String, password: String) async -> UserRecord {
        guard password.utf8.count <= PasswordPolicy.maximumBytes else { return user }
        do {
            let upgraded = try await hasher.hash(password)
            let now = clock.now()
            let replaced = try await store.perform(.statement) { database in
                try await database.users.replacePasswordHash(userId: user.id, from: imported, to: upgraded, at: now)
            }
            var user = user
            if replaced { user.passwordHash = upgraded }
            return user
        } catch {
            logger.warning("Could not replace an imported password hash", metadata: ["error": "\(String(reflecting: error))"])
            return user
        }
    }
}
