import Foundation

/// What the console shows of a job's last error. Errors come from the transports (an SMTP
/// reply, a MailerSend answer) and name no token today; but a relay may quote what it refused,
/// and the console must never show a link or a token, so anything shaped like one is replaced:
/// URLs, and long unbroken runs of letters and digits (tokens, hashes, PKCE values).
enum OutboxErrorRedaction {
    /// Runs at least this long of `[A-Za-z0-9_-]` are taken for secrets (a token is 32+).
    static let secretRunLength = 20

    static func redact(_ error: String) -> String {
        var text = error
        text = text.replacingOccurrences(of: #"[A-Za-z][A-Za-z0-9+.-]*://[^\s"'<>]+"#, with: "[link]", options: .regularExpression)
        text = text.replacingOccurrences(
            of: "[A-Za-z0-9_-]{\(secretRunLength),}", with: "[redacted]", options: .regularExpression)
        return text
    }
}
