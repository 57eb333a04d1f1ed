import Hummingbird

/// `POST /logout?scope=global|local|others` → 204, no body (any body sent is ignored).
struct LogoutEndpoint {
    let service: GatehouseServices

    func addRoutes(to group: RouterGroup<GatehouseRequestContext>) {
        group.post("logout") { request, context in
            let scope = try SignOutScope(parameter: request.uri.queryParameters.get("scope"))
            let caller = try await service.sessions.authenticate(authorization: request.headers[.authorization])
            try await service.sessions.signOut(caller, scope: scope)
            return Response(status: .noContent)
        }
    }
}
