import GatehouseCore
import Hummingbird

/// `GET /passkeys` (supabase-js) and `GET /passkeys/` (supabase-swift): the caller's passkeys,
/// oldest first, `[]` when none.
struct PasskeyListEndpoint {
    let service: GatehouseServices

    func list(_ request: Request, context: AuthenticatedRequestContext) async throws -> Response {
        let passkeys = try await service.passkeys.list(context.caller)
        return try JSONBody.response(passkeys.map(PasskeyPayload.init))
    }
}
