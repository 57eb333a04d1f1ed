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
                            // Absent values are left out, as the synthesized encoding leaves them.
                            #expect(!payload.contains("null"))
                        }
                    }
                }
            }
        }
    }

    @Test func otherKindsRoundTripThroughCodable() throws {
        let jobs: [OutboxJob] = [
            .passwordChanged(userId: UUID()), .reauthentication(userId: UUID()), .consoleTest(email: "ops@example.com"),
            .emailChange(userId: UUID(), side: .current, newEmail: "new@example.com", redirectTo: nil),
        ]
        for job in jobs {
            #expect(try JSONDecoder().decode(OutboxJob.self, from: Data(job.payload().utf8)) == job)
        }
    }
}
