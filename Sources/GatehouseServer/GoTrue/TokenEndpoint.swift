import GatehouseCore
import Hummingbird

/// `POST /token?grant_type=password|refresh_token|pkce`. All grants share one per-IP bucket.
struct TokenEndpoint {
    let service: GatehouseServices

    struct Body: Decodable {
        var email: String?
        var password: String?
        var refreshToken: String?
        var authCode: String?
        var codeVerifier: String?

        enum CodingKeys: String, CodingKey {
            case email, password
            case refreshToken = "refresh_token"
            case authCode = "auth_code"
            case codeVerifier = "code_verifier"
        }
    }

    func grant(_ request: Request, context: GatehouseRequestContext) async throws -> Response {
        let client = context.client
        let body = try await JSONBody.decode(Body.self, from: request, context: context)
        switch request.uri.queryParameters.get("grant_type") {
        case "password":
            return JSONBody.response(SessionPayload(try await service.sessions.signIn(email: body.email, password: body.password, client: client)))
        case "refresh_token":
            return JSONBody.response(SessionPayload(try await service.sessions.refresh(token: body.refreshToken, client: client)))
        case "pkce":
            return JSONBody.response(SessionPayload(
                try await service.sessions.exchangeCode(authCode: body.authCode, verifier: body.codeVerifier, client: client)
            ))
        default:
            throw AuthError(.invalidCredentials, status: .badRequest, "unsupported_grant_type")
        }
    }
}
