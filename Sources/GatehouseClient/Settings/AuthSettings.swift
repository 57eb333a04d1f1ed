import Foundation
import GatehouseCore

/// The parts of GoTrue's public `GET /settings` the app's pages use.
public struct AuthSettings: Sendable, Equatable, Decodable {
    public var disableSignup: Bool?
    public var mailerAutoconfirm: Bool?
    public var passwordMinLength: Int?
    /// How long an emailed link or code works, in seconds (GoTrue's `MAILER_OTP_EXP`): the
    /// forgot-password page's "Link expires in …" (spec 000) comes from it, never a constant.
    public var mailerOtpExp: Int?

    enum CodingKeys: String, CodingKey {
        case disableSignup = "disable_signup"
        case mailerAutoconfirm = "mailer_autoconfirm"
        case passwordMinLength = "password_min_length"
        case mailerOtpExp = "mailer_otp_exp"
    }
}

extension GoTrueAPI {
    func settings() async throws -> AuthSettings {
        try await http.decode(AuthSettings.self, from: builder.request("GET", "settings"))
    }
}

extension AuthClient {
    /// `GET /settings`: the server's public configuration.
    public func settings() async throws -> AuthSettings {
        try await api.settings()
    }

    /// The configured lifetime of emailed links, when the server publishes it (nil otherwise,
    /// or when it cannot be asked): best-effort, it only adds a line to the page.
    public func emailLinkLifetime() async -> Int? {
        (try? await settings())?.mailerOtpExp
    }
}
