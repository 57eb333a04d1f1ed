import Hummingbird

/// `GET /reauthenticate`: emails the signed-in user a 6-digit nonce for `PUT /user {password, nonce}`.
struct ReauthenticateEndpoint {
    let service: GatehouseServices

    func addRoutes(to group: RouterGroup<GatehouseRequestContext>) {
        group.get("reauthenticate") { request, context in
            let client = service.client(of: request, context: context)
            try service.limits.otp.check(client.address)
            let caller = try await service.sessions.authenticate(authorization: request.headers[.authorization])
            try await service.accounts.requestReauthentication(caller)
            return try JSONBody.response(EmptyObject())
        }
    }
}
