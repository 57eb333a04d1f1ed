import GatehouseCore
import HTTPTypes
import Hummingbird

/// The REST API of spec 004: both routes email a reset link for `{email}`.
///
/// `POST /api/request_password_reset/` (the current route) answers
/// `{success, data: {success, message, reset_method, reset_link_sent, link_expires_in}}`.
/// `POST /api/reset_password/` (the legacy route) answers the old `{user_exist_status, message}`
/// shape but does the same secure thing (a link, never a new password by email), and its
/// `user_exist_status` is the same for every address, so it tells nobody whether an account exists.
struct PasswordResetRequestEndpoint {
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

    func requestReset(_ request: Request, context: GatehouseRequestContext) async throws -> Response {
        try await answer(request, context) { email in
            ResetData(success: true, message: Self.message(for: email), linkExpiresIn: service.configuration.otpExpiry)
        }
    }

    func legacyResetPassword(_ request: Request, context: GatehouseRequestContext) async throws -> Response {
        try await answer(request, context) { email in LegacyData(message: Self.message(for: email)) }
    }

    /// The generic, enumeration-safe text of the specs, with the address as submitted (trimmed).
    static func message(for email: String) -> String {
        UserFacingText.resetLinkOnItsWay(to: email)
    }

    private func answer<D: Encodable>(
        _ request: Request, _ context: GatehouseRequestContext, data: (String) -> D
    ) async throws -> Response {
        let body = try await JSONBody.decode(Body.self, from: request, context: context)
        try await service.recovery.requestEmail(.recovery, email: body.email, missingMessage: "Please enter your email address")
        let email = (try? EmailAddress(validating: body.email ?? ""))?.normalized ?? ""
        return try JSONBody.response(RESTEnvelope(success: true, data: data(email), error: nil, message: nil))
    }
}
