import Hummingbird

/// `GET /user` and `PUT /user`, for the caller `BearerAuthenticationMiddleware` resolved.
struct UserEndpoint {
    let service: GatehouseServices

    func show(_ request: Request, context: GatehouseRequestContext) async throws -> Response {
        JSONBody.response(try context.requireCaller().user.payload)
    }

    func update(_ request: Request, context: GatehouseRequestContext) async throws -> Response {
        let caller = try context.requireCaller()
        let body = try await JSONBody.decode(UserUpdateRequest.self, from: request, context: context)
        return JSONBody.response(try await service.accounts.updateUser(caller, with: body).payload)
    }
}
