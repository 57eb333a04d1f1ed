import Hummingbird

/// The server's own web pages, mounted at the root next to the API: `/` (welcome), `/login`,
/// `/signup`, `/forgot-password`, `/reset-password`, `/account`, their assets under `/assets/`,
/// and in development with the dev-mailbox transport `/_dev/mail`.
///
/// Plain HTML forms that work without JavaScript (validated on the server with GatehouseCore's
/// rules and texts), enhanced by one script served from here; CSRF tokens on every form; a
/// sealed `HttpOnly; SameSite=Lax` sign-in cookie; a strict Content-Security-Policy.
struct WebPages {
    let service: GatehouseServices

    func addRoutes(to router: Router<GatehouseRequestContext>) {
        let configuration = service.configuration
        let web = WebContext(
            service: service,
            renderer: PageRenderer(product: configuration.mail.productName, passwordPolicy: configuration.passwordPolicy),
            security: WebSecurity(jwtSecret: configuration.jwtSecret, externalURL: configuration.externalURL)
        )
        AssetsEndpoint().addRoutes(to: router)
        WelcomePage(web: web).addRoutes(to: router)
        LoginPage(web: web).addRoutes(to: router)
        SignUpPage(web: web).addRoutes(to: router)
        ForgotPasswordPage(web: web).addRoutes(to: router)
        ResetPasswordPage(web: web).addRoutes(to: router)
        AccountPage(web: web).addRoutes(to: router)
        if configuration.servesDevMailbox {
            DevMailboxPage(web: web).addRoutes(to: router)
        }
    }
}
