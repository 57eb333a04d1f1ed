import GatehouseCore

/// GoTrue's session JSON for a session a service issued.
extension SessionPayload {
    init(_ issued: IssuedSession) {
        self.init(
            accessToken: issued.accessToken, expiresIn: issued.expiresIn, expiresAt: issued.expiresAt,
            refreshToken: issued.refreshToken, user: issued.user.payload,
            weakPassword: issued.weakPasswordReasons.map {
                WeakPasswordPayload(message: "Your password no longer meets the password requirements.", reasons: $0)
            }
        )
    }
}
