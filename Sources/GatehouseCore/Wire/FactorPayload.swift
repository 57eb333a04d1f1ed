/// One MFA factor in `user.factors` (GoTrue's factor object): what the clients decode — `id`,
/// `factor_type`, `status`, `created_at`, `updated_at` required, `friendly_name` optional.
public struct FactorPayload: Codable, Sendable, Equatable {
    public var id: String
    public var friendlyName: String?
    /// `totp` (GoTrue also knows `phone` and `webauthn`).
    public var factorType: String
    /// `unverified` until the first successful verification, then `verified`.
    public var status: String
    public var createdAt: Timestamp
    public var updatedAt: Timestamp
    public var lastChallengedAt: Timestamp?

    public init(
        id: String, friendlyName: String?, factorType: String, status: String, createdAt: Timestamp, updatedAt: Timestamp,
        lastChallengedAt: Timestamp? = nil
    ) {
        self.id = id
        self.friendlyName = friendlyName
        self.factorType = factorType
        self.status = status
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.lastChallengedAt = lastChallengedAt
    }

    /// Whether the factor has been verified once (only verified factors raise the next level to aal2).
    public var isVerified: Bool { status == "verified" }

    enum CodingKeys: String, CodingKey {
        case id, status
        case friendlyName = "friendly_name"
        case factorType = "factor_type"
        case createdAt = "created_at"
        case updatedAt = "updated_at"
        case lastChallengedAt = "last_challenged_at"
    }
}

extension FactorPayload: JSONWritable {
    public func write(to writer: inout JSONWriter) {
        writer.object { writer in
            writer.field(CodingKeys.id.stringValue, id)
            writer.field(CodingKeys.friendlyName.stringValue, ifPresent: friendlyName.flatMap { $0.isEmpty ? nil : $0 })
            writer.field(CodingKeys.factorType.stringValue, factorType)
            writer.field(CodingKeys.status.stringValue, status)
            writer.field(CodingKeys.createdAt.stringValue, createdAt)
            writer.field(CodingKeys.updatedAt.stringValue, updatedAt)
            writer.field(CodingKeys.lastChallengedAt.stringValue, ifPresent: lastChallengedAt)
        }
    }
}
