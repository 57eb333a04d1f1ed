import GatehouseCore
import Hummingbird

/// The Supabase Edge Function of spec 003: `POST /functions/v1/send-reset-email {email}` →
/// `{"success": true, "message": "Password reset email sent"}`, or `{"success": false, "error"}`
/// with a 4xx. Same request path as `/recover`, so the same answer for every address.
struct EdgeFunctionEndpoint {
    let service: GatehouseServices

    struct Body: Decodable { var email: String? }

    struct Answer: Encodable {
        var success: Bool
        var message: String?
        var error: String?
    }

    func addRoutes(to router: Router<GatehouseRequestContext>) {
        router.post("functions/v1/send-reset-email") { request, context in
            do {
                let client = service.client(of: request, context: context)
                try service.limits.otp.check(client.address)
                let body = try await JSONBody.decode(Body.self, from: request, context: context)
                try await service.recovery.requestEmail(.recovery, email: body.email, missingMessage: "Email is required")
                return try JSONBody.response(Answer(success: true, message: "Password reset email sent"))
            } catch let error as AuthError {
                return try JSONBody.response(
                    Answer(success: false, error: error.message), status: error.envelopeStatus, headers: error.retryAfterHeaders
                )
            }
        }
    }
}
