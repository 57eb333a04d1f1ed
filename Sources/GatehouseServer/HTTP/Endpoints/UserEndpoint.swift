import Hummingbird

/// `GET /user` and `PUT /user`.
struct UserEndpoint {
    let service: GatehouseServices

    func addRoutes(to group: RouterGroup<GatehouseRequestContext>) {
        group.get("user") { request, context in
            let caller = try await service.sessions.authenticate(authorization: request.headers[.authorization])
            return JSONBody.response(caller.user.payload)
        }
        group.put("user") { request, context in
            let client = service.client(of: request, context: context)
            try service.limits.otp.check(client.address)
            let caller = try await service.sessions.authenticate(authorization: request.headers[.authorization])
            let body = try await JSONBody.decode(UserUpdateRequest.self, from: request, context: context)
            return JSONBody.response(try await service.accounts.updateUser(caller, with: body).payload)
        }
    }
}
