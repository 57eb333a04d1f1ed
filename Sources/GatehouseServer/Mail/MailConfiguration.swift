import Foundation

/// How mail leaves the server, read from `GATEHOUSE_MAIL_*`, `GATEHOUSE_SMTP_*` and
/// `GATEHOUSE_MAILERSEND_*`.
public struct MailConfiguration: Sendable {
    public enum Transport: String, Sendable {
        case devMailbox = "dev-mailbox"
        case smtp
        case mailerSend = "mailersend"
    }

    public var transport: Transport = .devMailbox
    public var from = MailAddress("no-reply@localhost", name: "Gatehouse")
    /// The product name in subjects and bodies.
    public var productName = "Gatehouse"
    public var maximumAttempts = 8
    /// The first retry waits this long; each later one twice as long (with jitter), capped at an hour.
    public var retryBaseDelay: Double = 2
    public var smtp: SMTPSettings?
    public var mailerSendAPIKey: String? {
        get { protectedMailerSendAPIKey?.value }
        set { protectedMailerSendAPIKey = newValue.map(Secret.init) }
    }
    private var protectedMailerSendAPIKey: Secret<String>?
    public var mailerSendURL = "https://api.mailersend.com/v1/email"

    /// The SMTP settings as read from the environment; the SMTP transport is built from them.
    public struct SMTPSettings: Sendable {
        public var host: String
        public var port: Int
        public var security: String
        public var username: String?
        public var password: String? {
            get { protectedPassword?.value }
            set { protectedPassword = newValue.map(Secret.init) }
        }
        fileprivate var protectedPassword: Secret<String>?
        public var caFile: String?
        public var verifyCertificates: Bool
        public var timeout: Double
    }

    public init() {}

    static func fromEnvironment(_ reader: EnvironmentReader, environment: ServerConfiguration.Environment) throws -> MailConfiguration {
        var mail = MailConfiguration()
        let defaultTransport: Transport = environment == .development ? .devMailbox : .smtp
        mail.transport = try reader.value("GATEHOUSE_MAIL_TRANSPORT", default: defaultTransport) { Transport(rawValue: $0.lowercased()) }
        if mail.transport == .devMailbox, environment == .production {
            throw ConfigurationError("GATEHOUSE_MAIL_TRANSPORT=dev-mailbox is for development only; use smtp or mailersend")
        }
        if let from = reader.string("GATEHOUSE_MAIL_FROM") {
            guard let address = MailAddress(parsing: from) else {
                throw ConfigurationError("GATEHOUSE_MAIL_FROM must be an address or \"Name <address>\"")
            }
            mail.from = address
        }
        mail.productName = reader.string("GATEHOUSE_PRODUCT_NAME") ?? mail.productName
        mail.maximumAttempts = try reader.int("GATEHOUSE_MAIL_MAX_ATTEMPTS", default: 8, range: 1...100)
        mail.retryBaseDelay = Double(try reader.int("GATEHOUSE_MAIL_RETRY_BASE_MS", default: 2000, range: 10...3_600_000)) / 1000
        switch mail.transport {
        case .devMailbox:
            break
        case .smtp:
            guard let host = reader.string("GATEHOUSE_SMTP_HOST") else {
                throw ConfigurationError("GATEHOUSE_SMTP_HOST is required with GATEHOUSE_MAIL_TRANSPORT=smtp")
            }
            let security = (reader.string("GATEHOUSE_SMTP_SECURITY") ?? "starttls").lowercased()
            guard ["starttls", "tls", "plain"].contains(security) else {
                throw ConfigurationError("GATEHOUSE_SMTP_SECURITY must be starttls, tls or plain")
            }
            mail.smtp = SMTPSettings(
                host: host,
                port: try reader.int("GATEHOUSE_SMTP_PORT", default: security == "tls" ? 465 : 587, range: 1...65535),
                security: security, username: reader.string("GATEHOUSE_SMTP_USERNAME"),
                caFile: reader.string("GATEHOUSE_SMTP_CA_FILE"),
                verifyCertificates: try reader.bool("GATEHOUSE_SMTP_TLS_VERIFY", default: true),
                timeout: Double(try reader.int("GATEHOUSE_SMTP_TIMEOUT", default: 30, range: 1...600))
            )
            mail.smtp?.password = reader.string("GATEHOUSE_SMTP_PASSWORD")
        case .mailerSend:
            guard let key = reader.string("GATEHOUSE_MAILERSEND_API_KEY") else {
                throw ConfigurationError("GATEHOUSE_MAILERSEND_API_KEY is required with GATEHOUSE_MAIL_TRANSPORT=mailersend")
            }
            mail.mailerSendAPIKey = key
            mail.mailerSendURL = reader.string("GATEHOUSE_MAILERSEND_URL") ?? mail.mailerSendURL
        }
        return mail
    }
}

extension MailAddress {
    /// `address` or `Name <address>`; nil if there is no plausible address or a line break.
    init?(parsing text: String) {
        guard !text.contains("\r"), !text.contains("\n") else { return nil }
        if let open = text.lastIndex(of: "<"), text.hasSuffix(">") {
            let address = String(text[text.index(after: open)..<text.index(before: text.endIndex)])
            let name = text[..<open].trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "\""))
            guard address.contains("@") else { return nil }
            self.init(address, name: name.isEmpty ? nil : name)
        } else {
            let address = text.trimmingCharacters(in: .whitespaces)
            guard address.contains("@"), !address.contains(" ") else { return nil }
            self.init(address)
        }
    }
}
