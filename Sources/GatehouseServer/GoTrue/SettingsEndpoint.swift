import Hummingbird

/// `GET /settings`: what a client may offer (sign-up open, autoconfirm, password length). Public.
struct SettingsEndpoint {
    let service: GatehouseServices

    struct Settings: Encodable {
        var external: [String: Bool]
        var disableSignup: Bool
        var mailerAutoconfirm: Bool
        var phoneAutoconfirm = false
        var smsProvider = ""
        var samlEnabled = false
        var passwordMinLength: Int
        /// GoTrue's `MAILER_OTP_EXP`: how long emailed links work (the app's "Link expires in …").
        var mailerOtpExp: Int

        enum CodingKeys: String, CodingKey {
            case external
            case disableSignup = "disable_signup"
            case mailerAutoconfirm = "mailer_autoconfirm"
            case phoneAutoconfirm = "phone_autoconfirm"
            case smsProvider = "sms_provider"
            case samlEnabled = "saml_enabled"
            case passwordMinLength = "password_min_length"
            case mailerOtpExp = "mailer_otp_exp"
        }
    }

    func show(_ request: Request, context: GatehouseRequestContext) async throws -> Response {
        let configuration = service.configuration
        return try JSONBody.response(Settings(
            external: ["email": true, "phone": false, "anonymous_users": false],
            disableSignup: configuration.signupDisabled, mailerAutoconfirm: configuration.autoconfirm,
            passwordMinLength: configuration.passwordPolicy.minimumLength, mailerOtpExp: configuration.otpExpiry
        ))
    }
}
