import Foundation
import HTTPTypes
import GatehouseCore
import Logging

/// Everything the server can be told, read from `GATEHOUSE_*` environment variables with safe
/// defaults. The README lists each variable; keep the two in step.
public struct ServerConfiguration: Sendable {
    public enum Environment: String, Sendable { case development, production }

    public var environment: Environment = .development
    public var host = "127.0.0.1"
    public var port = 9999
    public var dataDirectory = ".gatehouse"
    /// `nil` → SQLite at `<dataDirectory>/gatehouse.sqlite`. May carry a password: kept in a
    /// `Secret` so no description of the configuration can print it.
    public var databaseURL: String? {
        get { protectedDatabaseURL?.value }
        set { protectedDatabaseURL = newValue.map(Secret.init) }
    }
    public var jwtSecret: String {
        get { protectedJWTSecret.value }
        set { protectedJWTSecret = Secret(newValue) }
    }
    private var protectedDatabaseURL: Secret<String>?
    private var protectedJWTSecret: Secret<String>
    public var jwtExpiry = 3600
    public var externalURL: String
    public var siteURL: String
    public var passwordPolicy = PasswordPolicy()
    public var bcryptCost = 10
    public var autoconfirm = false
    public var signupDisabled = false
    public var refreshTokenReuseInterval: Double = 10
    public var rateLimits = RateLimitConfiguration()
    public var logLevel: Logger.Level = .info
    public var mail = MailConfiguration()
    /// Lifetime of recovery and confirmation links and codes, in seconds.
    public var otpExpiry = 3600
    /// At most one email of a kind per address per this many seconds (GoTrue's SMTP_MAX_FREQUENCY).
    public var emailSendWindow: Double = 60
    /// Where recovery emails link to.
    public var recoveryLink: RecoveryLinkTarget = .page
    /// Extra `redirect_to` targets besides the site URL: exact URLs or glob patterns.
    public var redirectAllowList: [String] = []
    /// Wrong passwords an address may get in a row within `signInFailureWindow` seconds before
    /// sign-ins for it are held back until the window ends (0 = off).
    public var signInFailureLimit = 10
    public var signInFailureWindow: Double = 300

    /// Seconds from SIGTERM/SIGINT until work still running is cancelled; the process exits soon
    /// after, whatever the database or the mail relay does.
    public var shutdownTimeout = 10

    /// GoTrue's `SESSIONS_TIMEBOX` and `SESSIONS_INACTIVITY_TIMEOUT`; both off by default.
    public var sessions = SessionLimits()

    /// In seconds, 0 = off. A refresh past either answers 400 `session_expired`.
    public struct SessionLimits: Sendable {
        /// A session ends this long after sign-in, however active.
        public var timebox = 0
        /// A session ends when it has not been refreshed for this long.
        public var inactivityTimeout = 0
        public init() {}
    }

    /// Limits on slow and idle HTTP clients.
    public var httpTimeouts = HTTPTimeouts()

    /// In seconds. Slow-loris clients are dropped, normal ones never notice.
    public struct HTTPTimeouts: Sendable {
        /// From connect, the first request head must be complete within this.
        public var header = 10
        /// From a request head, its body must be complete within this.
        public var read = 30
        /// A connection with no HTTP activity (kept alive between requests) is closed after this.
        public var idle = 60
        public init() {}
    }
    /// A password change without further proof is allowed this many seconds after the session's
    /// sign-in; later it needs the current password, a recovery session or a reauthentication
    /// nonce (issue 11, item 7). 0: always a proof.
    public var reauthenticationWindow: Double = 600
    /// Largest `user_metadata` or `app_metadata` object, as stored JSON, in bytes: both are
    /// copied into every access token (issue 11, item 15).
    public var maximumMetadataBytes = 16 * 1024
    /// How deeply arrays and objects may nest in a JSON request body, counting the body itself:
    /// checked by a byte scan before decoding (issue 19, item 2).
    public var maximumJSONDepth = ServerConfiguration.defaultMaximumJSONDepth
    public static let defaultMaximumJSONDepth = 32

    public enum RecoveryLinkTarget: String, Sendable {
        /// The server's own `/reset-password?token=` page.
        case page
        /// GoTrue's `/verify?token=&type=recovery&redirect_to=`, for apps that finish in-app.
        case verify
    }

    public var isDevelopment: Bool { environment == .development }
    /// Development mode (and so the dev mailbox) on a non-loopback address: refused at startup
    /// unless this is set, and then without the dev mailbox routes.
    public var allowDevelopmentOnNetwork = false
    var issuer: String { externalURL + "/auth/v1" }

    /// Per-IP token buckets, GoTrue's defaults: requests per five minutes, with a burst.
    public struct RateLimitConfiguration: Sendable {
        public var tokenPerFiveMinutes: Double = 150
        public var otpPerFiveMinutes: Double = 30
        public var verifyPerFiveMinutes: Double = 30
        public var burst: Double = 30
        /// A header set by a trusted proxy that carries the client's address; nil → TCP peer.
        public var clientAddressHeader: String?
        /// Peers whose forwarded-address header is believed; empty → the TCP peer always counts.
        public var trustedProxies = TrustedProxies()
        /// IPv6 clients are counted per prefix of this length (one subscriber usually has a /64).
        public var ipv6Prefix = 64
        /// The header read from trusted proxies.
        public var forwardedAddressHeader: String { clientAddressHeader ?? "X-Forwarded-For" }
        public init() {}
    }

    /// A configuration for tests and embedding: a given secret, everything else default.
    public init(jwtSecret: String) {
        self.protectedJWTSecret = Secret(jwtSecret)
        self.externalURL = "http://127.0.0.1:9999"
        self.siteURL = externalURL
    }

    /// Reads the process environment. In development a missing JWT secret is generated once and
    /// kept in the data folder; in production it is a start-up error, never a default.
    public static func fromEnvironment(_ env: [String: String] = ProcessInfo.processInfo.environment) throws -> ServerConfiguration {
        let reader = EnvironmentReader(env)
        let environment = try reader.value("GATEHOUSE_ENV", default: Environment.development) { Environment(rawValue: $0.lowercased()) }
        let dataDirectory = reader.string("GATEHOUSE_DATA_DIR") ?? ".gatehouse"
        let secret: String
        if let configured = reader.string("GATEHOUSE_JWT_SECRET") {
            guard configured.utf8.count >= 32 else {
                throw ConfigurationError("GATEHOUSE_JWT_SECRET must be at least 32 characters (HS256 needs a 256-bit key)")
            }
            secret = configured
        } else if environment == .development {
            secret = try DevelopmentSecret.loadOrCreate(in: dataDirectory)
        } else {
            throw ConfigurationError("GATEHOUSE_JWT_SECRET is required when GATEHOUSE_ENV=production")
        }
        var configuration = ServerConfiguration(jwtSecret: secret)
        configuration.environment = environment
        configuration.dataDirectory = dataDirectory
        configuration.host = reader.string("GATEHOUSE_HOST") ?? configuration.host
        configuration.port = try reader.int("GATEHOUSE_PORT", default: configuration.port, range: 0...65535)
        configuration.databaseURL = reader.string("GATEHOUSE_DATABASE_URL")
        if let url = configuration.databaseURL, url.hasPrefix("postgres") {
            _ = try PostgresTLS(url: url)  // a bad sslmode or sslrootcert stops the start here
        }
        configuration.jwtExpiry = try reader.int("GATEHOUSE_JWT_EXPIRY", default: 3600, range: 30...604_800)
        configuration.externalURL = trimmingSlash(reader.string("GATEHOUSE_EXTERNAL_URL") ?? "http://\(configuration.host):\(configuration.port)")
        configuration.siteURL = trimmingSlash(reader.string("GATEHOUSE_SITE_URL") ?? configuration.externalURL)
        configuration.passwordPolicy = PasswordPolicy(
            minimumLength: try reader.int("GATEHOUSE_PASSWORD_MIN_LENGTH", default: PasswordPolicy.defaultMinimumLength, range: 6...72)
        )
        configuration.bcryptCost = try reader.int("GATEHOUSE_BCRYPT_COST", default: 10, range: 4...16)
        configuration.autoconfirm = try reader.bool("GATEHOUSE_AUTOCONFIRM", default: false)
        configuration.signupDisabled = try reader.bool("GATEHOUSE_DISABLE_SIGNUP", default: false)
        configuration.refreshTokenReuseInterval = Double(try reader.int("GATEHOUSE_REFRESH_TOKEN_REUSE_INTERVAL", default: 10, range: 0...3600))
        configuration.rateLimits.tokenPerFiveMinutes = Double(try reader.int("GATEHOUSE_RATE_LIMIT_TOKEN", default: 150, range: 0...10_000_000))
        configuration.rateLimits.otpPerFiveMinutes = Double(try reader.int("GATEHOUSE_RATE_LIMIT_OTP", default: 30, range: 0...10_000_000))
        configuration.rateLimits.verifyPerFiveMinutes = Double(try reader.int("GATEHOUSE_RATE_LIMIT_VERIFY", default: 30, range: 0...10_000_000))
        configuration.rateLimits.burst = Double(try reader.int("GATEHOUSE_RATE_LIMIT_BURST", default: 30, range: 1...10_000_000))
        configuration.rateLimits.clientAddressHeader = reader.string("GATEHOUSE_RATE_LIMIT_HEADER")
        configuration.rateLimits.trustedProxies = try TrustedProxies(parsing: reader.string("GATEHOUSE_TRUSTED_PROXIES") ?? "")
        try configuration.rateLimits.checkForwardedAddressSettings()
        configuration.rateLimits.ipv6Prefix = try reader.int("GATEHOUSE_RATE_LIMIT_IPV6_PREFIX", default: 64, range: 32...128)
        configuration.signInFailureLimit = try reader.int("GATEHOUSE_SIGNIN_FAILURE_LIMIT", default: 10, range: 0...1000)
        configuration.signInFailureWindow = Double(try reader.int("GATEHOUSE_SIGNIN_FAILURE_WINDOW", default: 300, range: 1...86_400))
        configuration.mail = try MailConfiguration.fromEnvironment(reader, environment: environment)
        configuration.otpExpiry = try reader.int("GATEHOUSE_OTP_EXPIRY", default: 3600, range: 60...86_400)
        configuration.emailSendWindow = Double(try reader.int("GATEHOUSE_EMAIL_SEND_WINDOW", default: 60, range: 0...86_400))
        configuration.recoveryLink = try reader.value("GATEHOUSE_RECOVERY_LINK", default: RecoveryLinkTarget.page) {
            RecoveryLinkTarget(rawValue: $0.lowercased())
        }
        configuration.redirectAllowList = (reader.string("GATEHOUSE_REDIRECT_ALLOW_LIST") ?? "")
            .split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        if let bad = configuration.redirectAllowList.first(where: { RedirectPattern($0) == nil }) {
            throw ConfigurationError("GATEHOUSE_REDIRECT_ALLOW_LIST entry \(bad) is not a URL pattern (scheme://host[:port]/path, `*` within one host label or path segment, `**` as a path segment)")
        }
        if reader.string("GATEHOUSE_SITE_URL") != nil, RedirectURL(configuration.siteURL) == nil {
            throw ConfigurationError("GATEHOUSE_SITE_URL=\(configuration.siteURL) is not a plain absolute URL (no userinfo, backslashes or spaces)")
        }
        configuration.logLevel = try reader.value("GATEHOUSE_LOG_LEVEL", default: Logger.Level.info) { Logger.Level(rawValue: $0.lowercased()) }
        configuration.httpTimeouts.header = try reader.int("GATEHOUSE_HTTP_HEADER_TIMEOUT", default: 10, range: 1...3600)
        configuration.httpTimeouts.read = try reader.int("GATEHOUSE_HTTP_READ_TIMEOUT", default: 30, range: 1...3600)
        configuration.httpTimeouts.idle = try reader.int("GATEHOUSE_HTTP_IDLE_TIMEOUT", default: 60, range: 1...3600)
        configuration.shutdownTimeout = try reader.int("GATEHOUSE_SHUTDOWN_TIMEOUT", default: 10, range: 1...300)
        configuration.sessions.timebox = try reader.value("GATEHOUSE_SESSIONS_TIMEBOX", default: 0, DurationSetting.seconds)
        configuration.sessions.inactivityTimeout = try reader.value("GATEHOUSE_SESSIONS_INACTIVITY_TIMEOUT", default: 0, DurationSetting.seconds)
        configuration.allowDevelopmentOnNetwork = try reader.bool("GATEHOUSE_ALLOW_DEVELOPMENT_ON_NETWORK", default: false)
        try configuration.checkDevelopmentExposure()
        configuration.maximumMetadataBytes = try reader.int("GATEHOUSE_MAX_METADATA_BYTES", default: 16 * 1024, range: 1024...1_048_576)
        configuration.reauthenticationWindow = Double(try reader.int("GATEHOUSE_REAUTHENTICATION_WINDOW", default: 600, range: 0...86_400))
        configuration.maximumJSONDepth = try reader.int("GATEHOUSE_MAX_JSON_DEPTH", default: defaultMaximumJSONDepth, range: 2...128)
        return configuration
    }

    private static func trimmingSlash(_ url: String) -> String {
        url.hasSuffix("/") ? String(url.dropLast()) : url
    }
}

extension ServerConfiguration.RateLimitConfiguration {
    /// A forwarded-address header is read only from trusted proxies: naming one without any
    /// proxy would silently do nothing (every client behind the proxy sharing its bucket).
    func checkForwardedAddressSettings() throws {
        guard let header = clientAddressHeader else { return }
        guard HTTPField.Name(header) != nil else { throw ConfigurationError("GATEHOUSE_RATE_LIMIT_HEADER=\(header) is not a header name") }
        guard !trustedProxies.isEmpty else {
            throw ConfigurationError(
                "GATEHOUSE_RATE_LIMIT_HEADER is read only from trusted proxies: set GATEHOUSE_TRUSTED_PROXIES to their addresses (CIDR list)"
            )
        }
    }
}

public struct ConfigurationError: Error, CustomStringConvertible {
    public let description: String
    init(_ description: String) { self.description = description }
}

/// Typed reads of environment variables, with an error that names the variable.
struct EnvironmentReader {
    let env: [String: String]
    init(_ env: [String: String]) { self.env = env }

    func string(_ name: String) -> String? {
        guard let value = env[name]?.trimmingCharacters(in: .whitespaces), !value.isEmpty else { return nil }
        return value
    }

    func value<T>(_ name: String, default fallback: T, _ parse: (String) -> T?) throws -> T {
        guard let raw = string(name) else { return fallback }
        guard let value = parse(raw) else { throw ConfigurationError("\(name)=\(raw) is not a valid value") }
        return value
    }

    func int(_ name: String, default fallback: Int, range: ClosedRange<Int>) throws -> Int {
        let value = try self.value(name, default: fallback) { Int($0) }
        guard range.contains(value) else {
            throw ConfigurationError("\(name) must be between \(range.lowerBound) and \(range.upperBound)")
        }
        return value
    }

    func bool(_ name: String, default fallback: Bool) throws -> Bool {
        try value(name, default: fallback) { raw in
            switch raw.lowercased() {
            case "1", "true", "yes", "on": true
            case "0", "false", "no", "off": false
            default: nil
            }
        }
    }
}

/// The development-mode JWT secret: random, made once, kept (0600) so sessions survive restarts.
enum DevelopmentSecret {
    static func loadOrCreate(in directory: String) throws -> String {
        let path = directory + "/jwt-secret"
        if let existing = try? String(contentsOfFile: path, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines),
           existing.utf8.count >= 32 {
            try PrivateFiles.prepareDirectory(directory)
            try PrivateFiles.prepareFile(path)
            return existing
        }
        try PrivateFiles.prepareDirectory(directory)
        var generator = SystemRandomNumberGenerator()
        let secret = (0..<48).map { _ in UInt8.random(in: 0...255, using: &generator) }.hexString
        // A short or empty leftover is replaced; the new file is 0600 from its creation.
        try? FileManager.default.removeItem(atPath: path)
        try PrivateFiles.createFile(path, contents: Data(secret.utf8))
        return secret
    }
}
