import GatehouseCore

extension WebContext {
    /// The text under a new-password field the server refused as `weak_password`: a password on
    /// the common or breached list (reason `pwned`), otherwise one under the minimum length.
    static func passwordText(for error: AuthError, minimum: Int) -> String {
        if PasswordCheck.tooCommon(reasons: error.weakPasswordReasons) { return UserFacingText.passwordTooCommon }
        return UserFacingText.passwordTooShort(minimum: minimum)
    }
}
