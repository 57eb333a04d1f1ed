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

/// Every outbox payload reads back, through `Codable`, as the job it came from: those written by
/// `JSONWriter` (the request path's two kinds) and those still written by `JSONEncoder`.
@Suite struct OutboxPayloadTests {
    static let addresses = ["user@example.com", "o'brien+\"quoted\"@exämple.com", "back\\slash/and\u{1}control@example.com"]
    static let optionals: [String?] = [nil, "https://app.example.com/reset?next=/home&x=\"y\"", "S256", "é\u{7f}\n"]

    @Test(arguments: addresses)
    func recoveryAndConfirmationJobsRoundTrip(email: String) throws {
        for redirectTo in Self.optionals {
            for codeChallenge in Self.optionals {
                for method in [nil, "s256"] as [String?] {
                    for pendingSignupId in [nil, UUID()] as [UUID?] {
                        let jobs: [OutboxJob] = [
                            .recovery(email: email, redirectTo: redirectTo, codeChallenge: codeChallenge, codeChallengeMethod: method),
                            .signupConfirmation(
                                email: email, redirectTo: redirectTo, codeChallenge: codeChallenge, codeChallengeMethod: method,
                                pendingSignupId: pendingSignupId),
                        ]
                        for job in jobs {
                            let payload = try job.payload()
                            #expect(try JSONDecoder().decode(OutboxJob.self, from: Data(payload.utf8)) == job, "\(payload)")
                            #expect(try OutboxJob.read(payload: payload) == job, "\(payload)")
                            // Absent values are left out, as the synthesized encoding leaves them.
                            #expect(!payload.contains("null"))
                        }
                    }
                }
            }
        }
    }

    /// The worker's reader agrees with `JSONDecoder` on payloads `payload()` never writes: the
    /// same job, or a failure from both.
    @Test(arguments: [
        #"{"recovery":{"email":"a@example.com","redirectTo":null}}"#,
        #"{"recovery":{"email":"a@example.com","extra":"ignored by Codable"}}"#,
        #"{"recovery":{"email":"a@example.com","redirectTo":5}}"#,
        #"{"recovery":{"email":7}}"#,
        #"{"recovery":{}}"#,
        #"{"recovery":{"email":"a@example.com"},"other":{}}"#,
        #"{"signupConfirmation":{"email":"a@example.com","pendingSignupId":"6ba7b810-9dad-11d1-80b4-00c04fd430c8"}}"#,
        #"{"signupConfirmation":{"email":"a@example.com","pendingSignupId":"not an id"}}"#,
        #"{"signupConfirmation":{"email":"a@example.com","pendingSignupId":"D9 47C49-9E06-42E9-A35C-FEA0B213ED31"}}"#,
        #"{"consoleTest":{"email":"ops@example.com"}}"#,
        #"{"nope":{"email":"a@example.com"}}"#,
        #"[]"#, "", "{",
    ])
    func readingAgreesWithJSONDecoder(payload: String) {
        let reference = try? JSONDecoder().decode(OutboxJob.self, from: Data(payload.utf8))
        let read = try? OutboxJob.read(payload: payload)
        #expect(read == reference, "\(payload)")
    }

    @Test func otherKindsRoundTripThroughCodable() throws {
        let jobs: [OutboxJob] = [
            .passwordChanged(userId: UUID()), .reauthentication(userId: UUID()), .consoleTest(email: "ops@example.com"),
            .emailChange(userId: UUID(), side: .current, newEmail: "new@example.com", redirectTo: nil),
        ]
        for job in jobs {
            #expect(try JSONDecoder().decode(OutboxJob.self, from: Data(job.payload().utf8)) == job)
            #expect(try OutboxJob.read(payload: job.payload()) == job)
        }
    }
}
