import Crypto
import Foundation

/// A PKCE challenge as GoTrue accepts it: 43–128 characters of `[A-Za-z0-9._~-]`, method `s256`
/// or `plain` (case-insensitive), both or neither.
struct PKCEChallenge: Sendable, Equatable {
    let challenge: String
    let method: String

    /// Nil when the request uses no PKCE; an error when it half-uses it or the values are malformed.
    static func parse(challenge: String?, method: String?) throws(AuthError) -> PKCEChallenge? {
        let challenge = challenge?.isEmpty == true ? nil : challenge
        let method = method?.isEmpty == true ? nil : method
        switch (challenge, method) {
        case (nil, nil):
            return nil
        case (let challenge?, let method?):
            let allowed = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789._~-")
            guard (43...128).contains(challenge.count), challenge.allSatisfy(allowed.contains) else {
                throw .validation("code challenge does not match the required format")
            }
            guard ["s256", "plain"].contains(method.lowercased()) else {
                throw .validation("code challenge method not supported")
            }
            return PKCEChallenge(challenge: challenge, method: method.lowercased())
        default:
            throw .validation("PKCE flow requires code_challenge_method and code_challenge")
        }
    }

    /// Whether `verifier` answers this challenge (constant-time comparison).
    func isAnswered(by verifier: String) -> Bool {
        let expected = method == "s256"
            ? Data(SHA256.hash(data: Data(verifier.utf8))).base64URLEncodedString()
            : verifier
        return OneTimeTokenHasher.constantTimeEquals(expected, challenge)
    }
}
