import GatehouseCore
import HTTPTypes
import Hummingbird

/// The REST API of spec 004. `POST /api/request_password_reset/ {email}` answers
/// `{success, data: {success, message, reset_method, reset_link_sent, link_expires_in}}`; the legacy
/// `POST /api/reset_password/` answers the old `{user_exist_status, message}` shape but does the
/// same secure thing (a link, never a new password by email), and its `user_exist_status` is
/// the same for every address, so it tells nobody whether an account exists.
struct LegacyResetEndpoint {
    let service: GatehouseServices

    struct Body: Decodable { var email: String? }

    struct ResetData: Encodable {
        var success: Bool
        var message: String
        var resetMethod = "email_link"
        var resetLinkSent = true
        var linkExpiresIn: Int

        enum CodingKeys: String, CodingKey {
            case success, message
            case resetMethod = "reset_method"
            case resetLinkSent = "reset_link_sent"
            case linkExpiresIn = "link_expires_in"
        }
    }

    struct LegacyData: Encodable {
        var userExistStatus = true
        var message: String

        enum CodingKeys: String, CodingKey {
            case message
            case userExistStatus = "user_exist_status"
        }
    }

    struct Envelope<Data: Encodable>: Encodable {
        var success: Bool
        var data: Data?
        var error: String?
        var message: String?
    }

    func addRoutes(to router: Router<GatehouseRequestContext>) {
        router.post("api/request_password_reset") { request, context in
            try await answer(request, context) { email in
                ResetData(success: true, message: Self.message(for: email), linkExpiresIn: service.configuration.otpExpiry)
            }
        }
        router.post("api/reset_password") { request, context in
            try await answer(request, context) { email in LegacyData(message: Self.message(for: email)) }
        }
    }

    /// The generic, enumeration-safe text of the specs, with the address as submitted (trimmed).
    static func message(for email: String) -> String {
        UserFacingText.resetLinkOnItsWay(to: email)
    }

    private func answer<D: Encodable>(
        _ request: Request, _ context: GatehouseRequestContext, data: (String) -> D
    ) async throws -> Response {
        do {
            let client = service.client(of: request, context: context)
            try service.limits.otp.check(client.address)
            let body = try await JSONBody.decode(Body.self, from: request, context: context)
            try await service.recovery.requestEmail(.recovery, email: body.email, missingMessage: "Please enter your email address")
            let email = (try? EmailAddress(validating: body.email ?? ""))?.normalized ?? ""
            return try JSONBody.response(Envelope(success: true, data: data(email), error: nil, message: nil))
        } catch let error as AuthError {
            let envelope = Envelope<D>(success: false, data: nil, error: error.code.rawValue, message: error.message)
            return try JSONBody.response(envelope, status: error.envelopeStatus, headers: error.retryAfterHeaders)
        }
    }
}
