import GatehouseCore
import Hummingbird

/// `POST /signup`.
struct SignupEndpoint {
    let service: AuthService

    struct Body: Decodable {
        var email: String?
        var password: String?
        var data: [String: JSONValue]?
    }

    func addRoutes(to group: RouterGroup<GatehouseRequestContext>) {
        group.post("signup") { request, context in
            let client = service.client(of: request, context: context)
            try service.limits.otp.check(client.address)
            let body = try await JSONBody.decode(Body.self, from: request, context: context)
            switch try await service.signUp(email: body.email, password: body.password, data: body.data ?? [:], client: client) {
            case .session(let session): return try JSONBody.response(session)
            case .user(let user): return try JSONBody.response(user)
            }
        }
    }
}
