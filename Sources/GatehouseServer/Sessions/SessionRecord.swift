import Foundation
import GatehouseCore

/// A signed-in session: one row of `sessions`. Its refresh tokens are not stored anywhere; they
/// are derived from `(id, refreshCounter)` (see `RefreshTokenCodec`), so deleting the row kills
/// every refresh token the session ever had.
struct SessionRecord: Sendable {
    var id: UUID
    var userId: UUID
    var aal: String
    var amr: [AuthenticationMethod]
    var refreshCounter: Int64
    var refreshedAt: Timestamp
    var createdAt: Timestamp
}

/// One entry of the JWT's `amr` claim: how, and when, the user proved who they are.
struct AuthenticationMethod: Codable, Sendable, Equatable {
    var method: String
    var timestamp: Int64

    static func password(at now: Timestamp) -> AuthenticationMethod {
        AuthenticationMethod(method: "password", timestamp: now.secondsSinceEpoch)
    }
}
