import GatehouseCore
import HTTPTypes
import Hummingbird

/// `/reset-password?token=…`, where recovery emails link by default. GET shows the form and
/// spends nothing (mail scanners open links); POST sets the password and spends the token. A bad
/// or used token only ever reads "this link is invalid or has expired".
struct ResetPasswordPage {
    let service: AuthService
    let pages: PageRenderer

    struct Form: Decodable {
        var token: String?
        var password: String?
        var confirm: String?
    }

    func addRoutes(to router: Router<GatehouseRequestContext>) {
        router.get("reset-password") { request, _ in
            guard let token = request.uri.queryParameters.get("token"), !token.isEmpty,
                  try await service.isUsableResetToken(token)
            else { return invalidLink() }
            return form(token: token)
        }
        router.post("reset-password") { request, context in
            let form = try await Self.decodeForm(request, context: context)
            guard let token = form.token, !token.isEmpty else { return invalidLink() }
            let password = form.password ?? ""
            if let problem = UserFacingText.text(for: service.passwordPolicy.check(password)) {
                return self.form(token: token, passwordError: problem, status: .unprocessableContent)
            }
            guard password == form.confirm else {
                return self.form(token: token, confirmError: UserFacingText.passwordsDoNotMatch, status: .unprocessableContent)
            }
            do {
                _ = try await service.resetPassword(token: token, newPassword: password, client: service.client(of: request, context: context))
            } catch let error as AuthError where error.code == .otpExpired {
                return invalidLink()
            }
            return pages.render("reset_password_done", title: "Password changed", values: ["message": UserFacingText.passwordChanged])
        }
    }

    private func form(token: String, passwordError: String? = nil, confirmError: String? = nil, status: HTTPResponse.Status = .ok) -> Response {
        var values: [String: Any] = ["token": token, "minimum": service.passwordPolicy.minimumLength]
        if let passwordError { values["passwordError"] = passwordError; values["error"] = passwordError }
        if let confirmError { values["confirmError"] = confirmError; values["error"] = confirmError }
        return pages.render("reset_password", title: "Set a new password", values: values, status: status)
    }

    private func invalidLink() -> Response {
        pages.render("reset_password_invalid", title: "Reset link expired", values: ["message": UserFacingText.resetLinkInvalid], status: .badRequest)
    }

    static func decodeForm(_ request: Request, context: GatehouseRequestContext) async throws -> Form {
        let buffer = try await request.body.collect(upTo: 64 * 1024)
        do {
            return try URLEncodedFormDecoder().decode(Form.self, from: String(buffer: buffer))
        } catch {
            throw AuthError.validation("The form could not be read")
        }
    }
}
