/// The keys access tokens are signed with (issue 13, item 8).
extension ServerSettings {
    static let keys: [any SettingDescription] = [jwtKeys]

    static let jwtKeys = Setting<SigningKeySet?>(
        "GATEHOUSE_JWT_KEYS", default: nil,
        shown: "development: an RS256 key made once in the data folder; production: none (HS256 with the secret)",
        accepted: "a JSON array of private JWKs, as GoTrue's `GOTRUE_JWT_KEYS`: RSA (RS256), EC P-256 (ES256), "
            + "oct (HS256), each with a `kid`; exactly one with `sign` in `key_ops`",
        help: "signing keys: new tokens are signed by the `sign` key with its `kid`; the others only verify (rotation). "
            + "`/.well-known/jwks.json` publishes the public keys. Tokens without a known `kid` are checked against "
            + "`GATEHOUSE_JWT_SECRET` (HS256), so `gatehouse keys` keys keep working",
        secret: true
    ) { try SigningKeySet.parse($0, setting: "GATEHOUSE_JWT_KEYS") }
}

extension ServerConfiguration {
    /// The keys tokens are signed with: `GATEHOUSE_JWT_KEYS`; else in development the key pair
    /// kept in the data folder (made here, at start-up, not when the settings are read);
    /// else none, and production signs HS256 with the secret, as GoTrue does.
    func signingKeySet() throws -> SigningKeySet? {
        if let jwtKeys { return jwtKeys }
        guard usesDevelopmentSigningKey else { return nil }
        return try DevelopmentSigningKey.loadOrCreate(in: dataDirectory)
    }
}
