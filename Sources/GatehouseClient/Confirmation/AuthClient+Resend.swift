import Foundation
import GatehouseCore

extension GoTrueAPI {
    /// `POST /resend`: any 2xx is success (GoTrue answers `{}` for every well-formed address).
    func resend(_ body: EmailLinkRequest, redirectTo: URL?) async throws {
        let request = try builder.request("POST", "resend", query: [("redirect_to", redirectTo?.absoluteString)], body: body)
        try await http.send(request).requireSuccess()
    }
}

extension AuthClient {
    /// Sends the sign-up confirmation email again (login spec §8 "Email Not Verified": "Show
    /// resend verification option"). Under PKCE the new link carries a fresh challenge.
    public func resendSignUpConfirmation(email: String, redirectTo: URL? = nil) async throws {
        var body = EmailLinkRequest(email: email, type: ResendType.signup.rawValue)
        if configuration.flowType == .pkce {
            let verifier = storeVerifier(forRecovery: false)
            body.codeChallenge = PKCE.challenge(for: verifier)
            body.codeChallengeMethod = PKCE.method
        }
        try await api.resend(body, redirectTo: redirectTo ?? configuration.redirectURL)
    }
}
