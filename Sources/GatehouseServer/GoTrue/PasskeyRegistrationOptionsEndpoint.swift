import GatehouseCore
import Hummingbird

/// `POST /passkeys/registration/options`: a registration challenge for the caller. The body is
/// ignored (supabase-js sends `{}`, supabase-swift nothing).
struct PasskeyRegistrationOptionsEndpoint {
    let service: GatehouseServices

    func start(_ request: Request, context: AuthenticatedRequestContext) async throws -> Response {
        let challenge = try await service.passkeys.registrationOptions(context.caller)
        return try JSONBody.response(PasskeyChallengePayload(challenge))
    }
}
