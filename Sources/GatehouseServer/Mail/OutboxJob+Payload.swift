import Foundation
import GatehouseCore

extension OutboxJob {
    /// The job as stored in `outbox.payload`: the JSON its `Codable` conformance writes and
    /// reads back. The two kinds queued on the "send me an email" request path are written by
    /// `JSONWriter` instead (JSONEncoder's generic containers took ~30,000 instructions a
    /// `/recover`, Benchmarks/PROFILE.md); tests check that `JSONDecoder` reads them back as the
    /// same job.
    func payload() throws -> String {
        switch self {
        case .recovery(let email, let redirectTo, let codeChallenge, let codeChallengeMethod):
            Self.linkRequestPayload(
                case: "recovery", email: email, redirectTo: redirectTo, codeChallenge: codeChallenge,
                codeChallengeMethod: codeChallengeMethod, pendingSignupId: nil)
        case .signupConfirmation(let email, let redirectTo, let codeChallenge, let codeChallengeMethod, let pendingSignupId):
            Self.linkRequestPayload(
                case: "signupConfirmation", email: email, redirectTo: redirectTo, codeChallenge: codeChallenge,
                codeChallengeMethod: codeChallengeMethod, pendingSignupId: pendingSignupId)
        default:
            String(decoding: try JSONEncoder().encode(self), as: UTF8.self)
        }
    }

    /// `{"<case>":{…}}`, the shape of a synthesized `Codable` enum case: absent optionals left out.
    private static func linkRequestPayload(
        case name: String, email: String, redirectTo: String?, codeChallenge: String?, codeChallengeMethod: String?,
        pendingSignupId: UUID?
    ) -> String {
        var writer = JSONWriter(capacity: 96)
        writer.object {
            $0.key(name)
            $0.object {
                $0.field("email", email)
                $0.field("redirectTo", ifPresent: redirectTo)
                $0.field("codeChallenge", ifPresent: codeChallenge)
                $0.field("codeChallengeMethod", ifPresent: codeChallengeMethod)
                $0.field("pendingSignupId", ifPresent: pendingSignupId?.uuidString)
            }
        }
        return String(decoding: writer.bytes, as: UTF8.self)
    }
}
