import GatehouseCore
import Hummingbird

/// `GET /settings`: what a client may offer (sign-up open, autoconfirm, password length). Public.
struct SettingsEndpoint {
    let service: GatehouseServices

    func show(_ request: Request, context: GatehouseRequestContext) async throws -> Response {
        let configuration = service.configuration
        return try JSONBody.response(
            SettingsPayload.gatehouse(
                disableSignup: configuration.signupDisabled, mailerAutoconfirm: configuration.autoconfirm,
                passwordMinLength: configuration.passwordPolicy.minimumLength, mailerOtpExp: configuration.otpExpiry
            ))
    }
}
