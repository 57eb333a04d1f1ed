import GatehouseCore
import Hummingbird

/// `GET /reauthenticate`: emails the signed-in user a 6-digit nonce for `PUT /user {password, nonce}`.
struct ReauthenticateEndpoint {
    let service: GatehouseServices

    func requestNonce(_ request: Request, context: AuthenticatedRequestContext) async throws -> Response {
        try await service.accounts.requestReauthentication(context.caller)
        return try JSONBody.response(EmptyObject())
    }
}
