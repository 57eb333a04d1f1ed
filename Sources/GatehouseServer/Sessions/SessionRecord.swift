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

    /// The `amr` column (`[{"method":…,"timestamp":…}]`), read with `JSONSerialization`: the
    /// `JSONDecoder` path was 2 % of a refresh's CPU. Entries it cannot read are left out.
    static func list(fromJSON text: String) -> [AuthenticationMethod] {
        guard let entries = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]] else { return [] }
        return entries.compactMap { entry in
            guard let method = entry["method"] as? String, let timestamp = entry["timestamp"] as? NSNumber else { return nil }
            return AuthenticationMethod(method: method, timestamp: timestamp.int64Value)
        }
    }
}

extension AuthenticationMethod: JSONWritable {
    func write(to writer: inout JSONWriter) {
        writer.object { writer in
            writer.field(CodingKeys.method.stringValue, method)
            writer.field(CodingKeys.timestamp.stringValue, timestamp)
        }
    }
}
