//===----------------------------------------------------------------------===//
//
// This source file is part of the Gatehouse open source project
//
// Copyright (c) 2026 the Gatehouse project authors
// Licensed under Apache License v2.0
//
// See LICENSE for license information
//
// SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//

import Foundation
import GatehouseCore
import HTTPTypes
import Logging

/// Everything the server can be told, read from `GATEHOUSE_*` environment variables with safe
/// defaults. Each variable — name, default, bounds, meaning — is declared once in
/// `ServerSettings`; the properties below start at those defaults, `fromEnvironment` (in
/// ServerConfiguration+Environment.swift) reads them, and the README's table is printed from them.
public struct ServerConfiguration: Sendable {
    public enum Environment: String, Sendable, CaseIterable { case development, production }

    public var environment = ServerSettings.environment.defaultValue
    public var host = ServerSettings.host.defaultValue
    public var port = ServerSettings.port.defaultValue
    public var dataDirectory = ServerSettings.dataDirectory.defaultValue
    /// `nil` → SQLite at `<dataDirectory>/gatehouse.sqlite`. May carry a password: kept in a
    /// `Secret` so no description of the configuration can print it.
    public var databaseURL: String? {
        get { protectedDatabaseURL?.value }
        set { protectedDatabaseURL = newValue.map(Secret.init) }
    }
    /// PostgreSQL's connections per instance (`PostgresStore`).
    public var databasePoolSize = ServerSettings.databasePoolSize.defaultValue
    public var jwtSecret: String {
        get { protectedJWTSecret.value }
        set { protectedJWTSecret = Secret(newValue) }
    }
    private var protectedDatabaseURL: Secret<String>?
    private var protectedJWTSecret: Secret<String>
    /// `GATEHOUSE_JWT_KEYS`, or the development key; `nil` signs HS256 with `jwtSecret`.
    public var jwtKeys: SigningKeySet? {
        get { protectedJWTKeys?.value }
        set { protectedJWTKeys = newValue.map(Secret.init) }
    }
    private var protectedJWTKeys: Secret<SigningKeySet>?
    /// Without `jwtKeys`: sign with the development key pair kept in the data folder (made at
    /// the first start). Set by `fromEnvironment` in development only.
    public var usesDevelopmentSigningKey = false
    /// With the development key pair: whether GoTrue's access tokens are signed with it too, or
    /// only Firebase's ID tokens (RS256, as Google's). Not when `GATEHOUSE_JWT_SECRET` is set: the
    /// same settings then sign access tokens as production does, HS256 with the secret.
    public var developmentKeySignsAccessTokens = true
    public var jwtExpiry = ServerSettings.jwtExpiry.defaultValue
    public var externalURL: String
    public var siteURL: String
    public var passwordPolicy = PasswordPolicy(minimumLength: ServerSettings.passwordMinimumLength.defaultValue)
    public var bcryptCost = ServerSettings.bcryptCost.defaultValue
    public var autoconfirm = ServerSettings.autoconfirm.defaultValue
    public var signupDisabled = ServerSettings.disableSignup.defaultValue
    public var refreshTokenReuseInterval = Double(ServerSettings.refreshTokenReuseInterval.defaultValue)
    public var rateLimits = RateLimitConfiguration()
    public var logLevel = ServerSettings.logLevel.defaultValue
    public var mail = MailConfiguration()
    /// Lifetime of recovery and confirmation links and codes, in seconds.
    public var otpExpiry = ServerSettings.otpExpiry.defaultValue
    /// At most one email of a kind per address per this many seconds (GoTrue's SMTP_MAX_FREQUENCY).
    public var emailSendWindow = Double(ServerSettings.emailSendWindow.defaultValue)
    /// Where recovery emails link to.
    public var recoveryLink = ServerSettings.recoveryLink.defaultValue
    /// Extra `redirect_to` targets besides the site URL: exact URLs or glob patterns.
    public var redirectAllowList = ServerSettings.redirectAllowList.defaultValue
    /// `GATEHOUSE_CORS_ALLOWED_ORIGINS`; nil: the site URL's origin and the redirect allow-list's
    /// (`CORSOriginPolicy`).
    public var corsAllowedOrigins = ServerSettings.corsAllowedOrigins.defaultValue
    /// Wrong passwords an address may get in a row within `signInFailureWindow` seconds before
    /// sign-ins for it are held back until the window ends (0 = off).
    public var signInFailureLimit = ServerSettings.signInFailureLimit.defaultValue
    public var signInFailureWindow = Double(ServerSettings.signInFailureWindow.defaultValue)

    /// Seconds from SIGTERM/SIGINT until work still running is cancelled; the process exits soon
    /// after, whatever the database or the mail relay does.
    public var shutdownTimeout = ServerSettings.shutdownTimeout.defaultValue

    /// GoTrue's `SESSIONS_TIMEBOX` and `SESSIONS_INACTIVITY_TIMEOUT`; both off by default.
    public var sessions = SessionLimits()

    /// In seconds, 0 = off. A refresh past either answers 400 `session_expired`.
    public struct SessionLimits: Sendable {
        /// A session ends this long after sign-in, however active.
        public var timebox = ServerSettings.sessionsTimebox.defaultValue
        /// A session ends when it has not been refreshed for this long.
        public var inactivityTimeout = ServerSettings.sessionsInactivityTimeout.defaultValue
        public init() {}
    }

    /// Limits on slow and idle HTTP clients.
    public var httpTimeouts = HTTPTimeouts()

    /// In seconds. Slow-loris clients are dropped, normal ones never notice.
    public struct HTTPTimeouts: Sendable {
        /// From connect, the first request head must be complete within this.
        public var header = ServerSettings.httpHeaderTimeout.defaultValue
        /// From a request head, its body must be complete within this.
        public var read = ServerSettings.httpReadTimeout.defaultValue
        /// A connection with no HTTP activity (kept alive between requests) is closed after this.
        public var idle = ServerSettings.httpIdleTimeout.defaultValue
        public init() {}
    }
    /// A password change without further proof is allowed this many seconds after the session's
    /// sign-in; later it needs the current password, a recovery session or a reauthentication
    /// nonce. 0: always a proof.
    public var reauthenticationWindow = Double(ServerSettings.reauthenticationWindow.defaultValue)
    /// Largest `user_metadata` or `app_metadata` object, as stored JSON, in bytes: both are
    /// copied into every access token.
    public var maximumMetadataBytes = ServerSettings.maximumMetadataBytes.defaultValue
    /// How deeply arrays and objects may nest in a JSON request body, counting the body itself:
    /// checked by a byte scan before decoding.
    public var maximumJSONDepth = ServerConfiguration.defaultMaximumJSONDepth
    /// The Firebase Auth adapter: its project (nil: off) and accepted API keys.
    public var firebase = FirebaseConfiguration()
    /// Sign-in with Apple, Google and an OpenID Connect issuer, and the linking rule
    /// (`ServerSettings+External.swift`).
    var external = ExternalProviders()
    /// GoTrue's secure email change: both the current and the new address confirm.
    public var secureEmailChange = ServerSettings.secureEmailChange.defaultValue
    /// Whether `POST /signup` without credentials signs in an anonymous user.
    public var anonymousUsersEnabled = ServerSettings.anonymousUsersEnabled.defaultValue
    /// Anonymous sign-ins per hour per client address (0 = off).
    public var anonymousSignInsPerHour = ServerSettings.rateLimitAnonymousUsers.defaultValue
    public static let defaultMaximumJSONDepth = ServerSettings.maximumJSONDepth.defaultValue
    /// TOTP enrolment and verification (`ServerSettings+MFA.swift`).
    public var mfa = MFAConfiguration()
    /// Seconds audit log entries are kept (0 = forever; `ServerSettings+Audit.swift`).
    public var auditRetention = ServerSettings.auditRetention.defaultValue
    /// `GATEHOUSE_PASSWORD_BREACH_API`: the optional breach lookup for new passwords.
    public var passwordBreach = PasswordBreachConfiguration()
    /// `GATEHOUSE_METRICS`; nil: the environment's default (`effectiveMetricsAccess`).
    public var metricsAccess: MetricsAccess? = ServerSettings.metrics.defaultValue
    /// `GATEHOUSE_LOG_FORMAT`.
    public var logFormat = ServerSettings.logFormat.defaultValue
    /// Passkeys and the WebAuthn relying party (`ServerSettings+Passkeys.swift`).
    public var passkeys = PasskeyConfiguration()
    /// `GATEHOUSE_ADMIN_CONSOLE`: whether the console's pages are served (`ServerSettings+Console.swift`).
    public var adminConsole = ServerSettings.adminConsole.defaultValue
    /// `GATEHOUSE_ADMIN_CONSOLE_IDLE_TIMEOUT`: seconds a console session may sit unused.
    public var adminConsoleIdleTimeout = ServerSettings.adminConsoleIdleTimeout.defaultValue

    public enum RecoveryLinkTarget: String, Sendable, CaseIterable {
        /// The server's own `/reset-password?token=` page.
        case page
        /// GoTrue's `/verify?token=&type=recovery&redirect_to=`, for apps that finish in-app.
        case verify
    }

    public var isDevelopment: Bool { environment == .development }
    /// Development mode (and so the dev mailbox) on a non-loopback address: refused at startup
    /// unless this is set, and then without the dev mailbox routes.
    public var allowDevelopmentOnNetwork = ServerSettings.allowDevelopmentOnNetwork.defaultValue
    var issuer: String { externalURL + "/auth/v1" }

    /// Per-IP token buckets, GoTrue's defaults: requests per five minutes, with a burst.
    public struct RateLimitConfiguration: Sendable {
        public var tokenPerFiveMinutes = Double(ServerSettings.rateLimitToken.defaultValue)
        public var otpPerFiveMinutes = Double(ServerSettings.rateLimitOTP.defaultValue)
        public var verifyPerFiveMinutes = Double(ServerSettings.rateLimitVerify.defaultValue)
        public var passkeyPerFiveMinutes = Double(ServerSettings.rateLimitPasskey.defaultValue)
        public var burst = Double(ServerSettings.rateLimitBurst.defaultValue)
        /// A header set by a trusted proxy that carries the client's address; nil → TCP peer.
        public var clientAddressHeader: String?
        /// Peers whose forwarded-address header is believed; empty → the TCP peer always counts.
        public var trustedProxies = ServerSettings.trustedProxies.defaultValue
        /// IPv6 clients are counted per prefix of this length (one subscriber usually has a /64).
        public var ipv6Prefix = ServerSettings.rateLimitIPv6Prefix.defaultValue
        /// The header read from trusted proxies.
        public var forwardedAddressHeader: String { clientAddressHeader ?? "X-Forwarded-For" }
        public init() {}
    }

    /// A configuration for tests and embedding: a given secret, everything else default.
    public init(jwtSecret: String) {
        self.protectedJWTSecret = Secret(jwtSecret)
        self.externalURL = Self.defaultExternalURL
        self.siteURL = externalURL
    }

    /// `http://HOST:PORT` for the default host and port: where a server started with no
    /// settings answers (the terminal client's default `--url`).
    public static var defaultExternalURL: String {
        "http://\(ServerSettings.host.defaultValue):\(ServerSettings.port.defaultValue)"
    }
}
