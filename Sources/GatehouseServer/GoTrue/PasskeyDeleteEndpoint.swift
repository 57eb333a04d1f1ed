import GatehouseCore
import Hummingbird

/// `DELETE /passkeys/{id}`: 204 with an empty body.
struct PasskeyDeleteEndpoint {
    let service: GatehouseServices

    func delete(_ request: Request, context: AuthenticatedRequestContext) async throws -> Response {
        let id = try context.parameters.require("id")
        _ = try await service.passkeys.delete(context.caller, passkeyId: id)
        return Response(status: .noContent)
    }
}
