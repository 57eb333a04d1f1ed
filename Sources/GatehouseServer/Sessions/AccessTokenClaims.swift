import GatehouseCore
import JWTKit

/// The access token's claims, named and shaped as GoTrue's (tokens/service.go), so that code
/// written against Supabase (row-level security, `get_claims`) reads them unchanged.
struct AccessTokenClaims: JWTPayload, Equatable {
    var sub: SubjectClaim
    var aud: AudienceClaim
    var exp: ExpirationClaim
    var iat: IssuedAtClaim
    var iss: IssuerClaim
    var email: String
    var phone: String
    var appMetadata: [String: JSONValue]
    var userMetadata: [String: JSONValue]
    var role: String
    var aal: String
    var amr: [AuthenticationMethod]
    var sessionId: String
    var isAnonymous: Bool

    enum CodingKeys: String, CodingKey {
        case sub, aud, exp, iat, iss, email, phone, role, aal, amr
        case appMetadata = "app_metadata"
        case userMetadata = "user_metadata"
        case sessionId = "session_id"
        case isAnonymous = "is_anonymous"
    }

    func verify(using algorithm: some JWTAlgorithm) async throws {
        try exp.verifyNotExpired()
    }
}

/// The claims the admin API needs: any token signed with the server secret whose `role` is
/// `service_role` (how Supabase's service key works). `exp` is optional, as in Supabase's keys.
struct RoleClaims: JWTPayload {
    var role: String?
    var exp: ExpirationClaim?

    func verify(using algorithm: some JWTAlgorithm) async throws {
        try exp?.verifyNotExpired()
    }
}
