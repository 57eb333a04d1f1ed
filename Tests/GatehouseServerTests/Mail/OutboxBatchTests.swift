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

/// The worker turns a whole batch of jobs into messages at once (one transaction for every token
/// the batch needs). Each job must still get its own message, in order, and only the jobs with
/// someone to write to get one.
@Suite("Outbox batches")
struct OutboxBatchTests {
    @Test("a mixed batch: each job its own message, in order, and nothing for unknown or confirmed addresses")
    func mixedBatch() async throws {
        try await withTemporarySQLiteStore { store in
            let logger = Logger(label: "outbox-batch-test")
            var configuration = ServerConfiguration(jwtSecret: TestServer.jwtSecret)
            configuration.mail.productName = "Gatehouse"
            let environment = try await ServerEnvironment.live(configuration: configuration, store: store, logger: logger)
            let worker = OutboxWorker(environment: environment, mail: MailService(environment))

            let confirmed = UserRecord.new(
                email: try EmailAddress(validating: "confirmed@example.com"), passwordHash: "x", userMetadata: [:], confirmedAt: .now()
            )
            let unconfirmed = UserRecord.new(
                email: try EmailAddress(validating: "unconfirmed@example.com"), passwordHash: "x", userMetadata: [:], confirmedAt: nil
            )
            try await store.write { database in
                try await database.users.insert(confirmed)
                try await database.users.insert(unconfirmed)
            }
            let direct = MailMessage(
                from: MailAddress("from@example.com"), to: MailAddress("to@example.com"), subject: "direct", text: "hi")
            let jobs: [OutboxJob] = [
                .recovery(email: "confirmed@example.com", redirectTo: nil, codeChallenge: nil, codeChallengeMethod: nil),
                .recovery(email: "nobody@example.com", redirectTo: nil, codeChallenge: nil, codeChallengeMethod: nil),
                .signupConfirmation(email: "confirmed@example.com", redirectTo: nil, codeChallenge: nil, codeChallengeMethod: nil),
                .direct(direct),
                .signupConfirmation(email: "unconfirmed@example.com", redirectTo: nil, codeChallenge: nil, codeChallengeMethod: nil),
                .passwordChanged(userId: confirmed.id),
                .recovery(email: "not an address", redirectTo: nil, codeChallenge: nil, codeChallengeMethod: nil),
                .recovery(email: "unconfirmed@example.com", redirectTo: nil, codeChallenge: "challenge", codeChallengeMethod: "s256"),
            ]
            let messages = try await worker.messages(for: jobs)

            #expect(messages.count == jobs.count)
            #expect(
                messages.map { $0?.to.address } == [
                    "confirmed@example.com", nil, nil, "to@example.com", "unconfirmed@example.com", "confirmed@example.com", nil,
                    "unconfirmed@example.com",
                ])
            #expect(
                messages.map { $0?.subject } == [
                    "Reset your Gatehouse password", nil, nil, "direct", "Confirm your Gatehouse account",
                    "Your Gatehouse password was changed", nil, "Reset your Gatehouse password",
                ])
            // The PKCE job's link goes through /verify with the pkce_ prefix; the plain one to the page.
            #expect(messages[0]?.text.contains("/reset-password?token=") == true)
            #expect(messages[7]?.text.contains("/auth/v1/verify?token=pkce_") == true)

            // One pending token per (account, purpose) that was mailed, and none for anyone else.
            let tokens = try await store.read { database in
                try await database.raw("SELECT user_id, purpose FROM one_time_tokens WHERE consumed_at IS NULL ORDER BY purpose, user_id")
                    .all()
                    .map { "\(try $0.decode(column: "user_id", as: String.self)) \(try $0.decode(column: "purpose", as: String.self))" }
            }
            let expected = [
                "\(confirmed.id.uuidString.lowercased()) recovery", "\(unconfirmed.id.uuidString.lowercased()) recovery",
                "\(unconfirmed.id.uuidString.lowercased()) signup",
            ]
            #expect(tokens.sorted() == expected.sorted())
        }
    }

    @Test("one account twice in a batch: each job its email, the last plain link the one that works, every PKCE link kept")
    func sameAccountTwice() async throws {
        try await withTemporarySQLiteStore { store in
            let logger = Logger(label: "outbox-batch-test")
            let environment = try await ServerEnvironment.live(
                configuration: ServerConfiguration(jwtSecret: TestServer.jwtSecret), store: store, logger: logger)
            let worker = OutboxWorker(environment: environment, mail: MailService(environment))
            let user = UserRecord.new(
                email: try EmailAddress(validating: "twice@example.com"), passwordHash: "x", userMetadata: [:], confirmedAt: .now())
            try await store.write { try await $0.users.insert(user) }
            let plain = OutboxJob.recovery(email: "twice@example.com", redirectTo: nil, codeChallenge: nil, codeChallengeMethod: nil)
            let pkce = OutboxJob.recovery(
                email: "twice@example.com", redirectTo: nil, codeChallenge: "challenge", codeChallengeMethod: "s256")

            let messages = try await worker.messages(for: [plain, pkce, plain, pkce])

            #expect(messages.map { $0?.to.address } == Array(repeating: "twice@example.com", count: 4))
            let links = messages.compactMap { $0?.text.firstMatch(of: /token=([^\s&]+)/).map { String($0.1) } }
            #expect(Set(links).count == 4)
            let pending = try await store.read { database in
                try await database.raw(
                    """
                    SELECT token_hash, code_challenge FROM one_time_tokens
                    WHERE consumed_at IS NULL AND user_id = \(bind: user.id.lowercasedString)
                    """
                ).all().map {
                    (try $0.decode(column: "token_hash", as: String.self), try $0.decode(column: "code_challenge", as: String?.self))
                }
            }
            // As if stored one after the other: the second plain link replaced the first.
            try #require(links.count == 4)
            #expect(pending.filter { $0.1 == nil }.map(\.0) == [environment.tokenHasher.linkHash(links[2])])
            #expect(pending.filter { $0.1 == "challenge" }.count == 2)
        }
    }
}
