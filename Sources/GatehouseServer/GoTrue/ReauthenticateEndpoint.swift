import Hummingbird

/// `GET /reauthenticate`: emails the signed-in user a 6-digit nonce for `PUT /user {password, nonce}`.
struct ReauthenticateEndpoint {
    let service: GatehouseServices

    func requestNonce(_ request: Request, context: GatehouseRequestContext) async throws -> Response {
        try await service.accounts.requestReauthentication(try context.requireCaller())
        return try JSONBody.response(EmptyObject())
    }
}
