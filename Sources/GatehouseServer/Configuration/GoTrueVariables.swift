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

/// Every GoTrue variable Gatehouse knows and what it does with each: the table of
/// docs/guides/gotrue-environment.md. Names are GoTrue's own (its `envconfig` keys, and the
/// unprefixed ones it falls back to); families of names (`GOTRUE_EXTERNAL_<PROVIDER>_…`,
/// `GOTRUE_HOOK_…`, mail templates) are in GoTrueVariables+Families.swift. A `GOTRUE_` variable
/// found in neither stops the start: nothing GoTrue would act on is silently ignored.
enum GoTrueVariables {
    static func rule(for name: String) -> GoTrueRule? {
        exact[name] ?? family(of: name)
    }

    static let exact: [String: GoTrueRule] = [server, tokens, accounts, mail, limits, factors, providers].reduce(into: [:]) {
        $0.merge($1) { first, _ in first }
    }

    // MARK: Where the server runs

    static let server: [String: GoTrueRule] = [
        "GOTRUE_API_HOST": .alias("GATEHOUSE_HOST"),
        "GOTRUE_API_PORT": .alias("GATEHOUSE_PORT"),
        "PORT": .alias("GATEHOUSE_PORT"),
        "API_EXTERNAL_URL": .alias("GATEHOUSE_EXTERNAL_URL") { GoTrueValue.externalURL($0) },
        "GOTRUE_API_API_EXTERNAL_URL": .alias("GATEHOUSE_EXTERNAL_URL") { GoTrueValue.externalURL($0) },
        "GOTRUE_DB_DATABASE_URL": .alias("GATEHOUSE_DATABASE_URL"),
        "DATABASE_URL": .alias("GATEHOUSE_DATABASE_URL"),
        "GOTRUE_DB_DRIVER": .accepted(
            when: { $0.lowercased() == "postgres" }, otherwise: "Gatehouse's database is PostgreSQL (or SQLite): the driver is postgres"),
        "GOTRUE_DB_NAMESPACE": namespace,
        "GOTRUE_DB_DB_NAMESPACE": namespace,
        "DB_NAMESPACE": namespace,
        "GOTRUE_DB_MIGRATIONS_PATH": .ignored,
        "GOTRUE_SITE_URL": .alias("GATEHOUSE_SITE_URL"),
        "GOTRUE_URI_ALLOW_LIST": .alias("GATEHOUSE_REDIRECT_ALLOW_LIST", GoTrueRedirectPatterns.allowList),
        "GOTRUE_LOG_LEVEL": .alias("GATEHOUSE_LOG_LEVEL", GoTrueValue.logLevel),
        "GOTRUE_LOG_FILE": .refused("Gatehouse logs to standard error only; redirect it to the file"),
        "GOTRUE_LOG_DISABLE_COLORS": .ignored,
        "GOTRUE_LOG_QUOTE_EMPTY_FIELDS": .ignored,
        "GOTRUE_LOG_TS_FORMAT": .ignored,
        "GOTRUE_LOG_FIELDS": .ignored,
        "GOTRUE_LOG_SQL": .ignored,
        "GOTRUE_OPERATOR_TOKEN": .ignored,
        "GOTRUE_COOKIE_KEY": .ignored,
        "GOTRUE_COOKIE_DOMAIN": .ignored,
        "GOTRUE_COOKIE_DURATION": .ignored,
        "GOTRUE_CORS_ALLOWED_HEADERS": .accepted(
            when: allowedByCORS,
            otherwise: "Gatehouse's CORS answers allow a fixed set of request headers (Accept, Authorization, Content-Type, "
                + "Origin, apikey, X-Client-Info, X-JWT-AUD, X-Supabase-Api-Version and the Firebase SDK's): a browser sending "
                + "another one would fail its preflight"),
    ]

    /// GoTrue's tables live in this schema; Gatehouse's go where the role's `search_path` points.
    static let namespace = GoTrueRule.accepted(
        when: { $0 == "auth" },
        otherwise: "Gatehouse has no schema setting: its tables go where the database role's search_path points")

    // MARK: Tokens and sessions

    static let tokens: [String: GoTrueRule] = [
        "GOTRUE_JWT_SECRET": .alias("GATEHOUSE_JWT_SECRET"),
        "GOTRUE_JWT_KEYS": .alias("GATEHOUSE_JWT_KEYS"),
        "GOTRUE_JWT_EXP": .alias("GATEHOUSE_JWT_EXPIRY") { text throws(GoTrueValue.Refusal) in
            try GoTrueValue.seconds(text, zero: 3600)
        },
        "GOTRUE_JWT_AUD": .accepted(
            when: { $0 == "authenticated" }, otherwise: "Gatehouse's users and their tokens have the audience authenticated"),
        "GOTRUE_JWT_DEFAULT_GROUP_NAME": .accepted(
            when: { $0 == "authenticated" }, otherwise: "Gatehouse gives new users the role authenticated"),
        "GOTRUE_JWT_ADMIN_ROLES": .accepted(
            when: { roles in roles.split(separator: ",").allSatisfy { SessionService.adminRoles.contains($0.trimmingSpaces) } },
            otherwise: "Gatehouse's admin API takes the roles service_role and supabase_admin, and no other"),
        "GOTRUE_JWT_ISSUER": GoTrueRule(showsValue: true) { value, _ in .deferred { issuerProblem(value, $0) } },
        "GOTRUE_JWT_KEY_ID": .refused(
            "tokens Gatehouse signs with the secret carry no kid: put the key with its kid in GOTRUE_JWT_KEYS or GATEHOUSE_JWT_KEYS"),
        "GOTRUE_JWT_VALID_METHODS": .refused(
            "Gatehouse accepts the algorithms of its keys and HS256 with the secret, and cannot narrow them"),
        "GOTRUE_JWT_ADMIN_GROUP_NAME": .refused(
            "Gatehouse's admin API goes by the token's role (GOTRUE_JWT_ADMIN_ROLES), not by a group"),
        "GOTRUE_SECURITY_REFRESH_TOKEN_ROTATION_ENABLED": .onlyTrue("Gatehouse always rotates refresh tokens"),
        "GOTRUE_SECURITY_REFRESH_TOKEN_REUSE_INTERVAL": .alias("GATEHOUSE_REFRESH_TOKEN_REUSE_INTERVAL") {
            text throws(GoTrueValue.Refusal) in String(try GoTrueValue.wholeNumber(text))
        },
        "GOTRUE_SESSIONS_TIMEBOX": .alias("GATEHOUSE_SESSIONS_TIMEBOX") { text throws(GoTrueValue.Refusal) in
            try GoTrueValue.durationSeconds(text)
        },
        "GOTRUE_SESSIONS_INACTIVITY_TIMEOUT": .alias("GATEHOUSE_SESSIONS_INACTIVITY_TIMEOUT") { text throws(GoTrueValue.Refusal) in
            try GoTrueValue.durationSeconds(text)
        },
    ]

    /// GoTrue's `JWT_ISSUER` is accepted when it is the issuer Gatehouse signs with: its external
    /// URL (as read, or the listening address) with `/auth/v1`.
    static func issuerProblem(_ value: String, _ environment: [String: String]) -> String? {
        let host = GoTrueEnvironment.value(ServerSettings.host.name, in: environment) ?? ServerSettings.host.defaultValue
        let port = GoTrueEnvironment.value(ServerSettings.port.name, in: environment) ?? String(ServerSettings.port.defaultValue)
        let external = GoTrueEnvironment.value(ServerSettings.externalURL.name, in: environment) ?? "http://\(host):\(port)"
        let issuer = ServerSettings.withoutTrailingSlash(external) + "/auth/v1"
        guard ServerSettings.withoutTrailingSlash(value) != issuer else { return nil }
        return "Gatehouse's tokens are issued by its external URL with /auth/v1, here \(issuer)"
    }

    /// Every header named is one Gatehouse's CORS answers already allow.
    static func allowedByCORS(_ headers: String) -> Bool {
        let allowed = Set(CORSPolicyMiddleware.allowedHeaders.map(\.canonicalName))
        return headers.split(separator: ",").allSatisfy { allowed.contains($0.trimmingSpaces.lowercased()) }
    }

    // MARK: Accounts

    static let accounts: [String: GoTrueRule] = [
        "GOTRUE_DISABLE_SIGNUP": .alias("GATEHOUSE_DISABLE_SIGNUP", GoTrueValue.flagText),
        "GOTRUE_EXTERNAL_EMAIL_ENABLED": .onlyTrue(
            "email sign-in cannot be turned off in Gatehouse (GATEHOUSE_DISABLE_SIGNUP stops new sign-ups)"),
        "GOTRUE_EXTERNAL_EMAIL_MAGIC_LINK_ENABLED": .onlyTrue("magic links and email codes cannot be turned off in Gatehouse"),
        "GOTRUE_EXTERNAL_EMAIL_AUTHORIZED_ADDRESSES": .refused("Gatehouse cannot limit sign-ups to listed addresses"),
        "GOTRUE_EXTERNAL_PHONE_ENABLED": .onlyFalse("Gatehouse has no phone sign-in"),
        "GOTRUE_EXTERNAL_ANONYMOUS_USERS_ENABLED": .alias("GATEHOUSE_EXTERNAL_ANONYMOUS_USERS_ENABLED", GoTrueValue.flagText),
        "GOTRUE_EXTERNAL_REDIRECT_URL": .ignored,
        "GOTRUE_EXTERNAL_SKIP_NONCE_CHECK": .ignored,
        "GOTRUE_SAML_ENABLED": .onlyFalse("Gatehouse has no SAML single sign-on"),
        "GOTRUE_SECURITY_CAPTCHA_ENABLED": .onlyFalse("Gatehouse has no CAPTCHA check"),
        "GOTRUE_PASSWORD_MIN_LENGTH": .alias("GATEHOUSE_PASSWORD_MIN_LENGTH") { text throws(GoTrueValue.Refusal) in
            String(max(6, try GoTrueValue.wholeNumber(text)))  // GoTrue raises anything shorter to 6
        },
        "GOTRUE_PASSWORD_REQUIRED_CHARACTERS": .refused("Gatehouse sets no rules on which characters a password has"),
        "GOTRUE_PASSWORD_HIBP_ENABLED": .whenTrue("GATEHOUSE_PASSWORD_BREACH_API", is: "https://api.pwnedpasswords.com/range"),
        "GOTRUE_PASSWORD_HIBP_FAIL_CLOSED": .onlyFalse(
            "Gatehouse lets a password through when the breach lookup fails (it logs and counts the failure)"),
        "GOTRUE_PASSWORD_HIBP_USER_AGENT": .ignored,
        "GOTRUE_SECURITY_UPDATE_PASSWORD_REQUIRE_REAUTHENTICATION": .whenTrue(
            // GoTrue asks for the emailed nonce once the session is a day old.
            "GATEHOUSE_REAUTHENTICATION_WINDOW", is: "86400",
            falseReason: "Gatehouse always asks for a proof (the current password, a recovery or a reauthentication code) "
                + "to change a password once GATEHOUSE_REAUTHENTICATION_WINDOW has passed since sign-in"),
    ]

    // MARK: Limits

    static let limits: [String: GoTrueRule] = [
        "GOTRUE_RATE_LIMIT_HEADER": .alias("GATEHOUSE_RATE_LIMIT_HEADER"),
        "GOTRUE_RATE_LIMIT_TOKEN_REFRESH": .alias("GATEHOUSE_RATE_LIMIT_TOKEN", GoTrueValue.rateLimit),
        "GOTRUE_RATE_LIMIT_OTP": .alias("GATEHOUSE_RATE_LIMIT_OTP", GoTrueValue.rateLimit),
        "GOTRUE_RATE_LIMIT_VERIFY": .alias("GATEHOUSE_RATE_LIMIT_VERIFY", GoTrueValue.rateLimit),
        "GOTRUE_RATE_LIMIT_ANONYMOUS_USERS": .alias("GATEHOUSE_RATE_LIMIT_ANONYMOUS_USERS", GoTrueValue.rateLimit),
        "GOTRUE_RATE_LIMIT_PASSKEY": .alias("GATEHOUSE_RATE_LIMIT_PASSKEY", GoTrueValue.rateLimit),
        "GOTRUE_RATE_LIMIT_EMAIL_SENT": .refused(
            "Gatehouse has no instance-wide email budget: it sends one email of a kind per address per "
                + "GATEHOUSE_EMAIL_SEND_WINDOW and limits requests per client address (GATEHOUSE_RATE_LIMIT_OTP)"),
        "GOTRUE_RATE_LIMIT_SMS_SENT": .ignored,
        "GOTRUE_RATE_LIMIT_SSO": .ignored,
        "GOTRUE_RATE_LIMIT_WEB3": .ignored,
        "GOTRUE_RATE_LIMIT_OAUTH_DYNAMIC_CLIENT_REGISTER": .ignored,
    ]

    // MARK: MFA and passkeys

    static let factors: [String: GoTrueRule] = [
        "GOTRUE_MFA_TOTP_ENROLL_ENABLED": .alias("GATEHOUSE_MFA_TOTP_ENROLL_ENABLED", GoTrueValue.flagText),
        "GOTRUE_MFA_TOTP_VERIFY_ENABLED": .alias("GATEHOUSE_MFA_TOTP_VERIFY_ENABLED", GoTrueValue.flagText),
        "GOTRUE_MFA_MAX_ENROLLED_FACTORS": .alias("GATEHOUSE_MFA_MAX_ENROLLED_FACTORS") { text throws(GoTrueValue.Refusal) in
            String(try GoTrueValue.wholeNumber(text))
        },
        "GOTRUE_MFA_MAX_VERIFIED_FACTORS": .alias("GATEHOUSE_MFA_MAX_VERIFIED_FACTORS") { text throws(GoTrueValue.Refusal) in
            String(try GoTrueValue.wholeNumber(text))
        },
        "GOTRUE_MFA_CHALLENGE_EXPIRY_DURATION": .alias("GATEHOUSE_MFA_CHALLENGE_EXPIRY") { text throws(GoTrueValue.Refusal) in
            String(max(300, try GoTrueValue.wholeNumber(text)))  // GoTrue raises anything shorter to 300 seconds
        },
        "GOTRUE_MFA_FACTOR_EXPIRY_DURATION": .alias("GATEHOUSE_MFA_FACTOR_EXPIRY") { text throws(GoTrueValue.Refusal) in
            try GoTrueValue.durationSeconds(text)
        },
        "GOTRUE_MFA_RATE_LIMIT_CHALLENGE_AND_VERIFY": .refused(
            "Gatehouse limits code checks per factor (GATEHOUSE_MFA_VERIFY_ATTEMPTS in GATEHOUSE_MFA_VERIFY_ATTEMPT_WINDOW), "
                + "not per client address"),
        "GOTRUE_MFA_PHONE_ENROLL_ENABLED": .onlyFalse("Gatehouse's second factors are TOTP only"),
        "GOTRUE_MFA_PHONE_VERIFY_ENABLED": .onlyFalse("Gatehouse's second factors are TOTP only"),
        "GOTRUE_MFA_WEB_AUTHN_ENROLL_ENABLED": .onlyFalse("Gatehouse's second factors are TOTP only (passkeys sign in on their own)"),
        "GOTRUE_MFA_WEB_AUTHN_VERIFY_ENABLED": .onlyFalse("Gatehouse's second factors are TOTP only (passkeys sign in on their own)"),
        "GOTRUE_PASSKEY_ENABLED": .alias("GATEHOUSE_PASSKEY_ENABLED", GoTrueValue.flagText),
        "GOTRUE_PASSKEY_MAX_PASSKEYS_PER_USER": .alias("GATEHOUSE_PASSKEY_MAX_PASSKEYS_PER_USER") { text throws(GoTrueValue.Refusal) in
            String(try GoTrueValue.wholeNumber(text))
        },
        "GOTRUE_WEBAUTHN_RP_ID": .alias("GATEHOUSE_WEBAUTHN_RP_ID"),
        "GOTRUE_WEBAUTHN_RP_DISPLAY_NAME": .alias("GATEHOUSE_WEBAUTHN_RP_DISPLAY_NAME"),
        "GOTRUE_WEBAUTHN_RP_ORIGINS": .alias("GATEHOUSE_WEBAUTHN_RP_ORIGINS"),
        "GOTRUE_WEBAUTHN_CHALLENGE_EXPIRY_DURATION": .alias("GATEHOUSE_WEBAUTHN_CHALLENGE_EXPIRY_DURATION") {
            text throws(GoTrueValue.Refusal) in try GoTrueValue.durationSeconds(text)
        },
    ]
}

extension Substring {
    /// Without the spaces around it, as GoTrue's comma-separated lists are written.
    fileprivate var trimmingSpaces: String {
        String(drop(while: { $0 == " " }).reversed().drop(while: { $0 == " " }).reversed())
    }
}
