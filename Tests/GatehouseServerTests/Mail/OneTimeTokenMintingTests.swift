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
import SQLKit
import Testing

@testable import GatehouseServer

/// The outbox worker mints a batch's tokens on SQLite in one hop of kept statements
/// (`SQLiteDirectConnection.mintOneTimeTokens`), and through the repositories elsewhere. Both
/// must find the same accounts and leave the same rows: the tokens, the sign-ups they bind, the
/// "sent at" marks, and the earlier tokens they replace.
@Suite("One-time token minting")
struct OneTimeTokenMintingTests {
    static let userIds = (0..<4).map { _ in UUID() }
    static let signupIds = (0..<3).map { _ in UUID() }
    static let earlierTokenIds = (0..<4).map { _ in UUID() }
    static let seededAt = Timestamp(microsecondsSinceEpoch: 1_700_000_000_000_000)
    static let mintedAt = seededAt.adding(seconds: 60)

    /// The batch: plain and PKCE links, the same account twice under two spellings, sign-ups
    /// with pending passwords, a confirmation for a confirmed account, unknown and invalid addresses.
    static let requests: [OneTimeTokenRequest] = [
        .init(purpose: .recovery, email: "a@example.com"),
        .init(purpose: .recovery, email: "A@Example.com"),
        .init(
            purpose: .recovery, email: "a@example.com", redirectTo: "https://app.example.com/cb?x=\"y\"", codeChallenge: "c",
            codeChallengeMethod: "s256"),
        .init(purpose: .signup, email: "b@example.com", pendingSignupId: signupIds[0]),
        .init(purpose: .signup, email: "a@example.com"),
        .init(purpose: .recovery, email: "c@example.com"),
        .init(purpose: .recovery, email: "nobody@example.com"),
        .init(purpose: .magiclink, email: "d@example.com"),
        .init(purpose: .signup, email: "d@example.com", pendingSignupId: signupIds[1]),
        .init(purpose: .recovery, email: "not an address"),
    ]

    static var minted: [(record: OneTimeTokenRecord, linkHash: String)] {
        requests.enumerated().map { index, request in
            let id = UUID(uuidString: String(format: "00000000-0000-7000-8000-%012d", index))!
            let record = OneTimeTokenRecord(
                id: id, userId: id, purpose: request.purpose, codeHash: "code-\(index)", attempts: 0,
                codeChallenge: request.codeChallenge, codeChallengeMethod: request.codeChallengeMethod, redirectTo: request.redirectTo,
                expiresAt: mintedAt.adding(seconds: 3600), consumedAt: nil)
            return (record, "link-\(index)")
        }
    }

    struct Outcome: Equatable {
        var targets: [String?]
        var tokens: [String]
        var signups: [String]
        var users: [String]
    }

    @Test("SQLite's kept statements leave the rows the repositories leave, on either engine", arguments: Backend.all)
    func sameRowsBothWays(backend: Backend) async throws {
        let direct = try await mint(on: .sqlite, throughRepositories: false)
        let repositories = try await mint(on: backend, throughRepositories: true)
        #expect(direct == repositories)

        // And they are the rows intended, not two empty tables.
        let ids = Self.userIds.map(\.lowercasedString)
        #expect(
            direct.targets == [
                "a@example.com", "a@example.com", "a@example.com", "b@example.com", nil, "c@example.com", nil, "d@example.com",
                "d@example.com", nil,
            ])
        let pendingPlainOfA = direct.tokens.filter { $0.contains("user_id=\(ids[0])") && $0.contains("code_challenge=NULL") }
        #expect(pendingPlainOfA.count == 1 && pendingPlainOfA[0].contains("token_hash=link-1"))
        #expect(
            direct.tokens.contains { $0.contains("token_hash=link-2") && $0.contains("redirect_to=https://app.example.com/cb?x=\"y\"") })
        #expect(!direct.tokens.contains { $0.contains("token_hash=earlier-0") }, "C's pending plain recovery link is replaced")
        #expect(direct.tokens.filter { $0.contains("token_hash=earlier-") }.count == 3, "its PKCE, spent and sign-up links stay")
        #expect(!direct.tokens.contains { $0.contains("link-4") || $0.contains("link-6") || $0.contains("link-9") })
        #expect(direct.signups.contains("id=\(Self.signupIds[0].lowercasedString) token_id=00000000-0000-7000-8000-000000000003"))
        #expect(direct.signups.contains("id=\(Self.signupIds[1].lowercasedString) token_id=NULL"), "an older sign-up stays unbound")
        #expect(direct.signups.contains("id=\(Self.signupIds[2].lowercasedString) token_id=00000000-0000-7000-8000-000000000008"))
        let marked = "\(Self.mintedAt.microsecondsSinceEpoch)"
        #expect(direct.users[0] == "id=\(ids[0]) recovery_sent_at=\(marked) confirmation_sent_at=NULL email_change_sent_at=NULL")
        #expect(direct.users[1] == "id=\(ids[1]) recovery_sent_at=NULL confirmation_sent_at=\(marked) email_change_sent_at=NULL")
        #expect(direct.users[3] == "id=\(ids[3]) recovery_sent_at=\(marked) confirmation_sent_at=\(marked) email_change_sent_at=NULL")
    }

    private func mint(on backend: Backend, throughRepositories: Bool) async throws -> Outcome {
        let scratch = try await ScratchDatabase.make(backend)
        do {
            let outcome = try await scratch.withStore { sql in
                let store = Store(sql: sql, logger: .init(label: "one-time-token-minting-test"))
                try await Migrations.apply(to: sql, logger: store.logger)
                try await Self.seed(store)
                let requests = Self.requests
                let minted = Self.minted
                let addresses = requests.map { (try? EmailAddress(validating: $0.email))?.normalized }
                let emails = Array(Set(addresses.compactMap { $0 })).sorted()
                let plan: @Sendable ([MintTarget]) -> OneTimeTokenMintPlan = { found in
                    OneTimeTokenMintPlan(requests: requests, minted: minted, addresses: addresses, found: found)
                }
                let decided =
                    throughRepositories
                    ? try await store.perform(.transaction) {
                        try await $0.mintOneTimeTokens(emails: emails, now: Self.mintedAt, plan: plan)
                    }
                    : try await store.mintOneTimeTokens(emails: emails, now: Self.mintedAt, plan: plan)
                return try await sql.read { database in
                    Outcome(
                        targets: decided.targets.map { $0?.email },
                        tokens: try await database.raw(
                            """
                            SELECT id, user_id, purpose, token_hash, code_hash, attempts, code_challenge, code_challenge_method,
                                redirect_to, expires_at, consumed_at, created_at
                            FROM one_time_tokens ORDER BY token_hash
                            """
                        ).all().map { try $0.describedColumns() },
                        signups: try await database.raw("SELECT id, token_id FROM pending_signups ORDER BY id").all().map {
                            try $0.describedColumns()
                        },
                        users: try await Self.userIds.asyncMap { id in
                            try await database.raw(
                                """
                                SELECT id, recovery_sent_at, confirmation_sent_at, email_change_sent_at FROM users
                                WHERE id = \(bind: id.lowercasedString)
                                """
                            ).all().map { try $0.describedColumns() }.joined()
                        }
                    )
                }
            }
            await scratch.drop()
            return outcome
        } catch {
            await scratch.drop()
            throw error
        }
    }

    /// A confirmed, an unconfirmed, a confirmed one holding earlier links, and an unconfirmed
    /// one with two sign-ups pending.
    private static func seed(_ store: Store) async throws {
        try await store.perform(.transaction) { database in
            for (index, (email, confirmed)) in [("a", true), ("b", false), ("c", true), ("d", false)].enumerated() {
                var user = UserRecord.new(
                    email: try EmailAddress(validating: "\(email)@example.com"), passwordHash: "x", userMetadata: [:],
                    confirmedAt: confirmed ? seededAt : nil)
                user.id = userIds[index]
                user.identity?.userId = userIds[index]
                _ = try await database.users.insert(user)
            }
            for (index, (user, at)) in [(1, 0.0), (3, 0.0), (3, 1.0)].enumerated() {
                try await database.pendingSignups.insert(
                    PendingSignupRecord(
                        id: signupIds[index], userId: userIds[user], passwordHash: "pending", userMetadata: [:],
                        createdAt: seededAt.adding(seconds: at)))
            }
            let earlier: [(TokenPurpose, String?)] = [(.recovery, nil), (.recovery, "c"), (.recovery, nil), (.signup, nil)]
            for (index, (purpose, challenge)) in earlier.enumerated() {
                let record = OneTimeTokenRecord(
                    id: earlierTokenIds[index], userId: userIds[2], purpose: purpose, codeHash: "earlier", attempts: 0,
                    codeChallenge: challenge, codeChallengeMethod: challenge.map { _ in "s256" }, redirectTo: nil,
                    expiresAt: seededAt.adding(seconds: 3600), consumedAt: nil)
                try await database.oneTimeTokens.insert(record, linkHash: "earlier-\(index)", now: seededAt)
            }
            // The third is spent: a replacement deletes only unused links.
            try await database.database.raw(
                "UPDATE one_time_tokens SET consumed_at = \(bind: seededAt.microsecondsSinceEpoch) WHERE token_hash = 'earlier-2'"
            ).run()
        }
    }
}

extension Array {
    fileprivate func asyncMap<T>(_ transform: (Element) async throws -> T) async rethrows -> [T] {
        var results: [T] = []
        for element in self { results.append(try await transform(element)) }
        return results
    }
}
