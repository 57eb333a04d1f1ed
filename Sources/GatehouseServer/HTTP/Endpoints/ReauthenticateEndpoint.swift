import Hummingbird

/// `GET /reauthenticate`: emails the signed-in user a 6-digit nonce for `PUT /user {password, nonce}`.
struct ReauthenticateEndpoint {
    let service: AuthService

    func addRoutes(to group: RouterGroup<GatehouseRequestContext>) {
        group.get("reauthenticate") { request, context in
            let client = service.client(of: request, context: context)
            try service.limits.otp.check(client.address)
            let caller = try await service.authenticate(authorization: request.headers[.authorization])
            try await service.requestReauthentication(caller)
            return try JSONBody.response(EmptyObject())
        }
    }
}
