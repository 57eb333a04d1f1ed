/// The admin console at `/admin` (issue 18, branch console).
extension ServerSettings {
    static let console: [any SettingDescription] = [adminConsole]

    /// The default depends on the environment: `ServerConfiguration.read` passes it. Production
    /// keeps the console off until an operator decides to serve it.
    static let adminConsole = Setting<AdminConsoleMode>.choice(
        "GATEHOUSE_ADMIN_CONSOLE", default: .on, shown: "`on` in development, `off` in production",
        help: "serves the admin console's pages at `/admin` (off: every console path answers 404; the admin JSON API is unaffected)"
    )
}

/// `GATEHOUSE_ADMIN_CONSOLE`.
public enum AdminConsoleMode: String, Sendable, CaseIterable {
    case on, off
}
