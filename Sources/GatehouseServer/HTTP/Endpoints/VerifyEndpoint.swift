import HTTPTypes
import Hummingbird

/// `GET /verify` (the email link: 303 into the app), `HEAD /verify` (never consumes: link
/// scanners send it), and `POST /verify` (token hash or email + code → session).
struct VerifyEndpoint {
    let service: AuthService

    struct Body: Decodable {
        var type: String?
        var tokenHash: String?
        var token: String?
        var email: String?

        enum CodingKeys: String, CodingKey {
            case type, token, email
            case tokenHash = "token_hash"
        }
    }

    func addRoutes(to group: RouterGroup<GatehouseRequestContext>) {
        group.get("verify") { request, context in
            let client = service.client(of: request, context: context)
            try service.limits.verify.check(client.address)
            let query = request.uri.queryParameters
            let location = try await service.verifyLink(
                token: query.get("token"), type: query.get("type"), redirectTo: query.get("redirect_to"), client: client
            )
            return Response(status: .seeOther, headers: [.location: location, .referrerPolicy: "no-referrer", .cacheControl: "no-store"])
        }
        group.head("verify") { _, _ in
            Response(status: .ok, headers: [.cacheControl: "no-store"])
        }
        group.post("verify") { request, context in
            let client = service.client(of: request, context: context)
            try service.limits.verify.check(client.address)
            let body = try await JSONBody.decode(Body.self, from: request, context: context)
            let type = try VerificationType(body.type)
            if let tokenHash = body.tokenHash, !tokenHash.isEmpty {
                guard body.email == nil, body.token == nil else {
                    throw AuthError.validation("Only the token_hash and type should be provided")
                }
                return JSONBody.response(try await service.verify(tokenHash: tokenHash, type: type, client: client))
            }
            guard let email = body.email, let code = body.token, !code.isEmpty else {
                throw AuthError.validation("Verify requires either a token_hash, or an email and a token")
            }
            return JSONBody.response(try await service.verify(email: email, code: code, type: type, client: client))
        }
    }
}
