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
import Logging
import Testing

@testable import GatehouseServer

/// GoTrue's environment names read as Gatehouse's settings (`GoTrueEnvironment`): each alias lands
/// in its setting in Gatehouse's units, a disagreeing `GATEHOUSE_` twin, a value Gatehouse cannot
/// honour and an unknown `GOTRUE_` name each stop the start naming the variables, and secrets
/// never appear in the error.
@Suite("GoTrue environment aliases")
struct GoTrueEnvironmentAliasTests {
    /// The configuration error for `env`, nil when it loads.
    static func error(_ env: [String: String]) -> String? {
        do {
            _ = try ServerConfiguration.fromEnvironment(env)
            return nil
        } catch {
            return (error as? ConfigurationError)?.description ?? "not a ConfigurationError: \(error)"
        }
    }

    @Test(
        "each alias lands in its setting, converted to Gatehouse's units",
        arguments: [
            ("GOTRUE_SITE_URL", "https://app.example.com/", "GATEHOUSE_SITE_URL", "https://app.example.com/"),
            ("GOTRUE_JWT_EXP", "7200", "GATEHOUSE_JWT_EXPIRY", "7200"),
            ("GOTRUE_JWT_EXP", "0", "GATEHOUSE_JWT_EXPIRY", "3600"),  // GoTrue runs with 3600 for 0
            ("GOTRUE_MAILER_OTP_EXP", "600", "GATEHOUSE_OTP_EXPIRY", "600"),
            ("GOTRUE_MAILER_OTP_EXP", "0", "GATEHOUSE_OTP_EXPIRY", "86400"),
            ("GOTRUE_SMTP_MAX_FREQUENCY", "1m30s", "GATEHOUSE_EMAIL_SEND_WINDOW", "90"),
            ("GOTRUE_SMTP_MAX_FREQUENCY", "1.5m", "GATEHOUSE_EMAIL_SEND_WINDOW", "90"),
            ("GOTRUE_SMTP_MAX_FREQUENCY", "45", "GATEHOUSE_EMAIL_SEND_WINDOW", "45"),
            ("GOTRUE_SMTP_MAX_FREQUENCY", "0s", "GATEHOUSE_EMAIL_SEND_WINDOW", "60"),
            ("GOTRUE_SESSIONS_TIMEBOX", "24h", "GATEHOUSE_SESSIONS_TIMEBOX", "86400"),
            ("GOTRUE_SESSIONS_INACTIVITY_TIMEOUT", "30m", "GATEHOUSE_SESSIONS_INACTIVITY_TIMEOUT", "1800"),
            ("GOTRUE_MFA_FACTOR_EXPIRY_DURATION", "10m", "GATEHOUSE_MFA_FACTOR_EXPIRY", "600"),
            ("GOTRUE_MFA_CHALLENGE_EXPIRY_DURATION", "120", "GATEHOUSE_MFA_CHALLENGE_EXPIRY", "300"),
            ("GOTRUE_MFA_MAX_ENROLLED_FACTORS", "5.0", "GATEHOUSE_MFA_MAX_ENROLLED_FACTORS", "5"),
            ("GOTRUE_WEBAUTHN_CHALLENGE_EXPIRY_DURATION", "2m", "GATEHOUSE_WEBAUTHN_CHALLENGE_EXPIRY_DURATION", "120"),
            ("GOTRUE_PASSWORD_MIN_LENGTH", "4", "GATEHOUSE_PASSWORD_MIN_LENGTH", "6"),
            ("GOTRUE_PASSWORD_MIN_LENGTH", "12", "GATEHOUSE_PASSWORD_MIN_LENGTH", "12"),
            ("GOTRUE_RATE_LIMIT_TOKEN_REFRESH", "150.0", "GATEHOUSE_RATE_LIMIT_TOKEN", "150"),
            ("GOTRUE_RATE_LIMIT_ANONYMOUS_USERS", "12", "GATEHOUSE_RATE_LIMIT_ANONYMOUS_USERS", "12"),
            ("GOTRUE_SECURITY_REFRESH_TOKEN_REUSE_INTERVAL", "0", "GATEHOUSE_REFRESH_TOKEN_REUSE_INTERVAL", "0"),
            ("GOTRUE_LOG_LEVEL", "warn", "GATEHOUSE_LOG_LEVEL", "warning"),
            ("GOTRUE_LOG_LEVEL", "panic", "GATEHOUSE_LOG_LEVEL", "critical"),
            ("GOTRUE_DISABLE_SIGNUP", "T", "GATEHOUSE_DISABLE_SIGNUP", "true"),
            ("GOTRUE_MAILER_AUTOCONFIRM", "FALSE", "GATEHOUSE_AUTOCONFIRM", "false"),
            ("API_EXTERNAL_URL", "https://x.example.com/auth/v1/", "GATEHOUSE_EXTERNAL_URL", "https://x.example.com"),
            ("GOTRUE_API_PORT", "8081", "GATEHOUSE_PORT", "8081"),
            ("GOTRUE_SMTP_HOST", "smtp.example.com", "GATEHOUSE_MAIL_TRANSPORT", "smtp"),
            ("GOTRUE_SMTP_PORT", "465", "GATEHOUSE_SMTP_SECURITY", "tls"),
            ("GOTRUE_SECURITY_UPDATE_PASSWORD_REQUIRE_REAUTHENTICATION", "true", "GATEHOUSE_REAUTHENTICATION_WINDOW", "86400"),
            ("GOTRUE_PASSWORD_HIBP_ENABLED", "true", "GATEHOUSE_PASSWORD_BREACH_API", "https://api.pwnedpasswords.com/range"),
            ("GOTRUE_MAILER_URLPATHS_RECOVERY", "/auth/v1/verify", "GATEHOUSE_RECOVERY_LINK", "verify"),
            (
                "GOTRUE_URI_ALLOW_LIST", "https://*.example.com/**, myapp://cb", "GATEHOUSE_REDIRECT_ALLOW_LIST",
                "https://*.example.com/**,myapp://cb"
            ),
        ])
    func aliasLands(goTrue: String, value: String, setting: String, expected: String) {
        let env = GoTrueEnvironment([goTrue: value, "GOTRUE_JWT_AUD": "authenticated"])
        #expect(env.problems == [])
        #expect(env.environment[setting] == expected)
        #expect(env.sources[setting] == goTrue)
    }

    @Test("the configuration runs with the GoTrue values, typed")
    func configurationReadsAliases() throws {
        let c = try ServerConfiguration.fromEnvironment([
            "GOTRUE_JWT_SECRET": ConfigurationTests.secret, "GOTRUE_JWT_EXP": "900", "GOTRUE_SITE_URL": "https://app.example.com",
            "API_EXTERNAL_URL": "http://127.0.0.1:8000", "GOTRUE_URI_ALLOW_LIST": "https://app.example.com/**",
            "GOTRUE_SMTP_HOST": "127.0.0.1", "GOTRUE_SMTP_PORT": "2500", "GOTRUE_SMTP_ADMIN_EMAIL": "admin@example.com",
            "GOTRUE_SMTP_SENDER_NAME": "Example", "GOTRUE_SMTP_MAX_FREQUENCY": "2m", "GOTRUE_MAILER_OTP_EXP": "1800",
            "GOTRUE_PASSWORD_MIN_LENGTH": "10", "GOTRUE_LOG_LEVEL": "debug", "GOTRUE_SESSIONS_TIMEBOX": "8h",
        ])
        #expect(c.jwtSecret == ConfigurationTests.secret && c.jwtExpiry == 900)
        #expect(c.siteURL == "https://app.example.com" && c.externalURL == "http://127.0.0.1:8000")
        #expect(c.redirectAllowList == ["https://app.example.com/**"])
        #expect(c.mail.transport == .smtp && c.mail.smtp?.host == "127.0.0.1" && c.mail.smtp?.port == 2500)
        #expect(c.mail.from == MailAddress("admin@example.com", name: "Example"))
        #expect(c.emailSendWindow == 120 && c.otpExpiry == 1800 && c.sessions.timebox == 8 * 3600)
        #expect(c.passwordPolicy.minimumLength == 10 && c.logLevel == .debug)
    }

    @Test("GoTrue's unprefixed names are read only beside a GOTRUE_ variable, and after GoTrue's own name")
    func fallbackNames() {
        #expect(GoTrueEnvironment(["PORT": "8080", "DATABASE_URL": "postgres://db/app"]).sources == [:])
        let beside = GoTrueEnvironment(["PORT": "8080", "GOTRUE_API_HOST": "0.0.0.0"])
        #expect(beside.environment["GATEHOUSE_PORT"] == "8080" && beside.sources["GATEHOUSE_PORT"] == "PORT")
        let both = GoTrueEnvironment(["PORT": "8080", "GOTRUE_API_PORT": "9999"])
        #expect(both.problems == [] && both.environment["GATEHOUSE_PORT"] == "9999" && both.sources["GATEHOUSE_PORT"] == "GOTRUE_API_PORT")
    }

    @Test("a GATEHOUSE_ variable that agrees with its GoTrue alias, however spelt, is accepted")
    func agreeingTwins() throws {
        let c = try ServerConfiguration.fromEnvironment(
            ConfigurationTests.env([
                "GOTRUE_SMTP_MAX_FREQUENCY": "1m", "GATEHOUSE_EMAIL_SEND_WINDOW": "60",
                "GOTRUE_MAILER_AUTOCONFIRM": "TRUE", "GATEHOUSE_AUTOCONFIRM": "yes",
                "GOTRUE_JWT_SECRET": ConfigurationTests.secret,
            ]))
        #expect(c.emailSendWindow == 60 && c.autoconfirm)
    }

    @Test(
        "a GoTrue name and a GATEHOUSE_ name set to different values stop the start, naming both",
        arguments: [
            (["GOTRUE_JWT_EXP": "7200", "GATEHOUSE_JWT_EXPIRY": "3600"], "GOTRUE_JWT_EXP=7200 and GATEHOUSE_JWT_EXPIRY=3600 disagree"),
            (
                ["GOTRUE_SMTP_MAX_FREQUENCY": "5m", "GATEHOUSE_EMAIL_SEND_WINDOW": "60"],
                "GOTRUE_SMTP_MAX_FREQUENCY=5m (read as GATEHOUSE_EMAIL_SEND_WINDOW=300) and GATEHOUSE_EMAIL_SEND_WINDOW=60 disagree"
            ),
            (
                ["GOTRUE_SMTP_HOST": "smtp.example.com", "GATEHOUSE_MAIL_TRANSPORT": "mailersend"],
                "GOTRUE_SMTP_HOST=smtp.example.com (read as GATEHOUSE_MAIL_TRANSPORT=smtp) and GATEHOUSE_MAIL_TRANSPORT=mailersend disagree"
            ),
            (["GOTRUE_API_HOST": "0.0.0.0", "PORT": "8080", "GATEHOUSE_PORT": "9999"], "PORT=8080 and GATEHOUSE_PORT=9999 disagree"),
        ])
    func conflicts(env: [String: String], expected: String) throws {
        let text = try #require(Self.error(ConfigurationTests.env(env)))
        #expect(text.contains(expected), "\(text)")
        #expect(text.contains(GoTrueEnvironment.guide))
    }

    @Test(
        "a GoTrue setting Gatehouse cannot honour stops the start, naming it and why",
        arguments: [
            ("GOTRUE_EXTERNAL_GITHUB_ENABLED", "true", "GOTRUE_EXTERNAL_GITHUB_ENABLED=true: Gatehouse's external sign-in providers"),
            ("GOTRUE_EXTERNAL_PHONE_ENABLED", "true", "GOTRUE_EXTERNAL_PHONE_ENABLED=true: Gatehouse has no phone sign-in"),
            ("GOTRUE_SMS_AUTOCONFIRM", "true", "GOTRUE_SMS_AUTOCONFIRM=true: Gatehouse has no phone sign-in"),
            ("GOTRUE_SMS_PROVIDER", "twilio", "GOTRUE_SMS_PROVIDER: Gatehouse sends no SMS"),
            ("GOTRUE_DB_DRIVER", "mysql", "GOTRUE_DB_DRIVER=mysql: Gatehouse's database is PostgreSQL"),
            ("GOTRUE_DB_NAMESPACE", "accounts", "GOTRUE_DB_NAMESPACE=accounts: Gatehouse has no schema setting"),
            ("GOTRUE_JWT_AUD", "my-app", "GOTRUE_JWT_AUD=my-app: Gatehouse's users and their tokens have the audience authenticated"),
            ("GOTRUE_JWT_ADMIN_ROLES", "service_role,admin", "GOTRUE_JWT_ADMIN_ROLES=service_role,admin: Gatehouse's admin API"),
            ("GOTRUE_JWT_ISSUER", "https://auth.example.com", "GOTRUE_JWT_ISSUER=https://auth.example.com: Gatehouse's tokens are issued"),
            ("GOTRUE_MAILER_OTP_LENGTH", "8", "GOTRUE_MAILER_OTP_LENGTH=8: Gatehouse's email codes have 6 digits"),
            (
                "GOTRUE_MAILER_URLPATHS_RECOVERY", "https://app.example.com/reset",
                "GOTRUE_MAILER_URLPATHS_RECOVERY=https://app.example.com/reset"
            ),
            ("GOTRUE_MAILER_TEMPLATES_RECOVERY", "https://cdn.example.com/r.html", "GOTRUE_MAILER_TEMPLATES_RECOVERY: Gatehouse's emails"),
            ("GOTRUE_RATE_LIMIT_EMAIL_SENT", "30", "GOTRUE_RATE_LIMIT_EMAIL_SENT: Gatehouse has no instance-wide email budget"),
            ("GOTRUE_RATE_LIMIT_OTP", "0", "GOTRUE_RATE_LIMIT_OTP: 0 does not turn the limit off in GoTrue"),
            (
                "GOTRUE_HOOK_CUSTOM_ACCESS_TOKEN_ENABLED", "true",
                "GOTRUE_HOOK_CUSTOM_ACCESS_TOKEN_ENABLED=true: Gatehouse runs no auth hooks"
            ),
            ("GOTRUE_SECURITY_REFRESH_TOKEN_ROTATION_ENABLED", "false", "=false: Gatehouse always rotates refresh tokens"),
            ("GOTRUE_SECURITY_UPDATE_PASSWORD_REQUIRE_REAUTHENTICATION", "false", "=false: Gatehouse always asks for a proof"),
            ("GOTRUE_EXTERNAL_EMAIL_ENABLED", "false", "GOTRUE_EXTERNAL_EMAIL_ENABLED=false: email sign-in cannot be turned off"),
            ("GOTRUE_PASSWORD_REQUIRED_CHARACTERS", "abc:123", "GOTRUE_PASSWORD_REQUIRED_CHARACTERS: Gatehouse sets no rules"),
            ("GOTRUE_CORS_ALLOWED_HEADERS", "X-Tenant", "GOTRUE_CORS_ALLOWED_HEADERS=X-Tenant: Gatehouse's CORS answers"),
            ("GOTRUE_LOG_FILE", "/var/log/gotrue.log", "GOTRUE_LOG_FILE: Gatehouse logs to standard error only"),
            ("GOTRUE_SMTP_SENDER_NAME", "Example", "GOTRUE_SMTP_SENDER_NAME: names a sender without an address"),
            ("GOTRUE_JWT_EXP", "an hour", "GOTRUE_JWT_EXP: an hour is not a whole number of seconds"),
            ("GOTRUE_SMTP_MAX_FREQUENCY", "500ms", "GOTRUE_SMTP_MAX_FREQUENCY: 500ms is not a duration in whole seconds"),
        ])
    func refused(name: String, value: String, expected: String) throws {
        let text = try #require(Self.error(ConfigurationTests.env([name: value])))
        #expect(text.contains(name) && text.contains(expected), "\(text)")
        #expect(text.hasSuffix("(see docs/guides/gotrue-environment.md)"), "\(text)")
    }

    @Test(
        "redirect patterns GoTrue would match differently are refused, entry by entry",
        arguments: [
            ("https://**.example.com", "`**` in the host spans dots and slashes"),
            ("https://example.com**", "`**` in the host spans dots and slashes"),
            ("https://example.com/app**", "`**` inside a path segment spans slashes"),
            ("https://example.com/cb?next=*", "glob syntax in GoTrue"),
            ("https://example.com/[ab]", "glob syntax in GoTrue"),
            ("https:example.com", "is not a URL pattern Gatehouse can match"),
        ])
    func refusedRedirectPatterns(entry: String, expected: String) throws {
        let text = try #require(Self.error(ConfigurationTests.env(["GOTRUE_URI_ALLOW_LIST": "myapp://cb," + entry])))
        #expect(text.contains("GOTRUE_URI_ALLOW_LIST: entry \(entry)") && text.contains(expected), "\(text)")
    }

    @Test("settings that mean what Gatehouse does, or tune what it has not, are accepted and ignored")
    func acceptedAndIgnored() throws {
        let env = ConfigurationTests.env([
            "GOTRUE_DB_DRIVER": "postgres", "GOTRUE_DB_NAMESPACE": "auth", "GOTRUE_LOG_TS_FORMAT": "2006-01-02",
            "GOTRUE_OPERATOR_TOKEN": "operator-token-value", "GOTRUE_JWT_ADMIN_ROLES": "service_role",
            "GOTRUE_JWT_DEFAULT_GROUP_NAME": "authenticated", "GOTRUE_EXTERNAL_GITHUB_ENABLED": "false",
            "GOTRUE_EXTERNAL_GITHUB_CLIENT_ID": "id", "GOTRUE_EXTERNAL_GITHUB_SECRET": "github-secret",
            "GOTRUE_EXTERNAL_LINKEDIN_OIDC_REDIRECT_URI": "https://x.example.com/cb", "GOTRUE_HOOK_SEND_EMAIL_ENABLED": "false",
            "GOTRUE_HOOK_SEND_EMAIL_URI": "http://hooks/send", "GOTRUE_HOOK_SEND_EMAIL_SECRETS": "v1,whsec_abc",
            "GOTRUE_MAILER_URLPATHS_INVITE": "/auth/v1/verify", "GOTRUE_MAILER_URLPATHS_CONFIRMATION": "/verify",
            "GOTRUE_MAILER_OTP_LENGTH": "6", "GOTRUE_SECURITY_CAPTCHA_ENABLED": "false", "GOTRUE_RATE_LIMIT_SMS_SENT": "30",
            "GOTRUE_CORS_ALLOWED_HEADERS": "apikey, x-client-info", "GOTRUE_JWT_ISSUER": "http://127.0.0.1:9999/auth/v1",
            "GOTRUE_URI_ALLOW_LIST": " ",
        ])
        #expect(Self.error(env) == nil)
        #expect(GoTrueEnvironment(env).sources == [:])
    }

    @Test("an unknown GOTRUE_ variable stops the start instead of being ignored")
    func unknownVariable() throws {
        let text = try #require(Self.error(ConfigurationTests.env(["GOTRUE_SOMETHING_NEW": "value-of-unknown"])))
        #expect(
            text == "GOTRUE_SOMETHING_NEW: unknown GoTrue setting; Gatehouse refuses what it does not know rather than ignore it "
                + "(see docs/guides/gotrue-environment.md)")
        #expect(Self.error(ConfigurationTests.env(["GOTRUE_SOMETHING_NEW": "  "])) == nil, "blank counts as unset")
    }

    @Test("secret values never appear in an error, whichever rule stops the start")
    func secretsStayOut() throws {
        let secrets = [
            "jwt-secret-A-0123456789abcdefghijklmnop", "jwt-secret-B-0123456789abcdefghijklmnop", "smtp-pass-1", "db-pass-2", "op-token-3",
        ]
        let text = try #require(
            Self.error([
                "GOTRUE_JWT_SECRET": secrets[0], "GATEHOUSE_JWT_SECRET": secrets[1],
                "GOTRUE_SMTP_PASS": secrets[2], "GATEHOUSE_SMTP_PASSWORD": "other-password",
                "GOTRUE_DB_DATABASE_URL": "postgres://auth:\(secrets[3])@db:5432/postgres",
                "GATEHOUSE_DATABASE_URL": "sqlite:///tmp/x.sqlite",
                "GOTRUE_UNKNOWN_TOKEN": secrets[4], "GOTRUE_EXTERNAL_PHONE_ENABLED": "true",
            ]))
        #expect(text.hasPrefix("5 GoTrue settings cannot be used as they are"), "\(text)")
        #expect(text.contains("GOTRUE_JWT_SECRET and GATEHOUSE_JWT_SECRET are both set, to different values (not shown: secrets)"))
        #expect(
            text.contains("GOTRUE_SMTP_PASS and GATEHOUSE_SMTP_PASSWORD")
                && text.contains("GOTRUE_DB_DATABASE_URL and GATEHOUSE_DATABASE_URL"))
        for secret in secrets { #expect(!text.contains(secret), "\(secret) in: \(text)") }

        // Gatehouse's own rule on the value names the GoTrue variable it came from, not the value.
        let short = try #require(Self.error(["GOTRUE_JWT_SECRET": "short-jwt-secret"]))
        #expect(short.contains("GATEHOUSE_JWT_SECRET must be at least 32 characters") && short.contains("GoTrue's GOTRUE_JWT_SECRET"))
        #expect(!short.contains("short-jwt-secret"))
        let tls = try #require(
            Self.error(ConfigurationTests.env(["GOTRUE_DB_DATABASE_URL": "postgres://auth:\(secrets[3])@db/postgres?sslmode=prefer"])))
        #expect(tls.contains("GoTrue's GOTRUE_DB_DATABASE_URL") && !tls.contains(secrets[3]), "\(tls)")
    }

    /// The auth service of Supabase's self-hosting `docker/docker-compose.yml`, with its
    /// `.env.example` values, as an operator moving to Gatehouse runs it: production, a public
    /// URL, and phone sign-in off (`ENABLE_PHONE_SIGNUP`/`ENABLE_PHONE_AUTOCONFIRM=false`).
    static let selfHostedCompose: [String: String] = [
        "GATEHOUSE_ENV": "production",
        "GOTRUE_API_HOST": "0.0.0.0", "GOTRUE_API_PORT": "9999", "API_EXTERNAL_URL": "https://api.example.com",
        "GOTRUE_DB_DRIVER": "postgres",
        "GOTRUE_DB_DATABASE_URL": "postgres://supabase_auth_admin:your-super-secret-and-long-postgres-password@db:5432/postgres",
        "GOTRUE_SITE_URL": "https://app.example.com", "GOTRUE_URI_ALLOW_LIST": "", "GOTRUE_DISABLE_SIGNUP": "false",
        "GOTRUE_JWT_ADMIN_ROLES": "service_role", "GOTRUE_JWT_AUD": "authenticated", "GOTRUE_JWT_DEFAULT_GROUP_NAME": "authenticated",
        "GOTRUE_JWT_EXP": "3600", "GOTRUE_JWT_SECRET": "your-super-secret-jwt-token-with-at-least-32-characters-long",
        "GOTRUE_EXTERNAL_EMAIL_ENABLED": "true", "GOTRUE_EXTERNAL_ANONYMOUS_USERS_ENABLED": "false", "GOTRUE_MAILER_AUTOCONFIRM": "false",
        "GOTRUE_SMTP_ADMIN_EMAIL": "admin@example.com", "GOTRUE_SMTP_HOST": "supabase-mail", "GOTRUE_SMTP_PORT": "2500",
        "GOTRUE_SMTP_USER": "fake_mail_user", "GOTRUE_SMTP_PASS": "fake_mail_password", "GOTRUE_SMTP_SENDER_NAME": "fake_sender",
        "GOTRUE_MAILER_URLPATHS_INVITE": "/auth/v1/verify", "GOTRUE_MAILER_URLPATHS_CONFIRMATION": "/auth/v1/verify",
        "GOTRUE_MAILER_URLPATHS_RECOVERY": "/auth/v1/verify", "GOTRUE_MAILER_URLPATHS_EMAIL_CHANGE": "/auth/v1/verify",
        "GOTRUE_EXTERNAL_PHONE_ENABLED": "false", "GOTRUE_SMS_AUTOCONFIRM": "false",
    ]

    @Test("Supabase's self-hosting auth service environment loads as it is")
    func selfHostedComposeLoads() throws {
        let c = try ServerConfiguration.fromEnvironment(Self.selfHostedCompose)
        #expect(c.environment == .production && c.host == "0.0.0.0" && c.port == 9999)
        #expect(c.externalURL == "https://api.example.com" && c.issuer == "https://api.example.com/auth/v1")
        #expect(c.databaseURL == Self.selfHostedCompose["GOTRUE_DB_DATABASE_URL"] && c.jwtExpiry == 3600)
        #expect(c.siteURL == "https://app.example.com" && c.redirectAllowList == [] && !c.signupDisabled && !c.autoconfirm)
        #expect(c.mail.transport == .smtp && c.mail.smtp?.host == "supabase-mail" && c.mail.smtp?.port == 2500)
        #expect(c.mail.smtp?.username == "fake_mail_user" && c.mail.smtp?.password == "fake_mail_password")
        #expect(c.mail.from == MailAddress("admin@example.com", name: "fake_sender") && c.recoveryLink == .verify)
    }

    @Test("the stock .env.example, with phone sign-in on, names every setting to change at once")
    func stockComposeNamesWhatToChange() throws {
        let stock = Self.selfHostedCompose.merging(["GOTRUE_EXTERNAL_PHONE_ENABLED": "true", "GOTRUE_SMS_AUTOCONFIRM": "true"]) { $1 }
        let text = try #require(Self.error(stock))
        #expect(text.hasPrefix("2 GoTrue settings cannot be used as they are (see docs/guides/gotrue-environment.md):\n"), "\(text)")
        #expect(text.contains("\n  GOTRUE_EXTERNAL_PHONE_ENABLED=true: ") && text.contains("\n  GOTRUE_SMS_AUTOCONFIRM=true: "))
        #expect(!text.contains("your-super-secret") && !text.contains("fake_mail_password"))
    }

    @Test("gatehouse config shows a value set through a GoTrue name as coming from that variable")
    func effectiveSettingsNameTheGoTrueVariable() throws {
        let configuration = try ServerConfiguration.fromEnvironment(Self.selfHostedCompose)
        let settings = Dictionary(
            uniqueKeysWithValues: EffectiveSetting.all(Self.selfHostedCompose, configuration: configuration).map { ($0.name, $0) })
        #expect(
            settings["GATEHOUSE_JWT_EXPIRY"]
                == EffectiveSetting(
                    name: "GATEHOUSE_JWT_EXPIRY", value: "3600", source: .environment, secret: false, variable: "GOTRUE_JWT_EXP"))
        #expect(
            settings["GATEHOUSE_JWT_SECRET"]?.value == EffectiveSetting.mask
                && settings["GATEHOUSE_JWT_SECRET"]?.variable == "GOTRUE_JWT_SECRET")
        #expect(settings["GATEHOUSE_MAIL_TRANSPORT"]?.variable == "GOTRUE_SMTP_HOST")
        #expect(settings["GATEHOUSE_DATABASE_URL"]?.value == "postgres://supabase_auth_admin:********@db:5432/postgres")
        #expect(settings["GATEHOUSE_ENV"]?.variable == nil && settings["GATEHOUSE_BCRYPT_COST"]?.source == .default)
    }

    @Test("every GoTrue name Gatehouse knows is in the guide's table")
    func guideListsTheTable() throws {
        let guide = try String(
            contentsOf: SettingsListTests.reference.deletingLastPathComponent().deletingLastPathComponent()
                .appendingPathComponent("guides/gotrue-environment.md"), encoding: .utf8)
        for name in GoTrueVariables.exact.keys.sorted() {
            #expect(guide.contains("`\(name)`"), "\(name) is not in docs/guides/gotrue-environment.md")
        }
        for pattern in ["GOTRUE_EXTERNAL_<PROVIDER>_ENABLED", "GOTRUE_HOOK_<HOOK>_ENABLED", "GOTRUE_MAILER_URLPATHS_*", "GOTRUE_SMS_*"] {
            #expect(guide.contains("`\(pattern)`"), "\(pattern) is not in the guide")
        }
    }
}
