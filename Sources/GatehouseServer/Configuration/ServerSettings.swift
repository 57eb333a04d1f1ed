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

import GatehouseCore

/// Every setting of the server, declared once: name, typed default, accepted values, meaning
/// and whether it is a secret. `ServerConfiguration.fromEnvironment` reads these, the
/// configuration's properties start at their defaults, and docs/reference/settings.md's table is
/// printed from `all` (`gatehouse settings --markdown`; `SettingsListTests` fails when the
/// document differs). A new setting goes into one of the parts' lists below and is read in
/// `fromEnvironment`.
public enum ServerSettings {
    /// The settings in the order docs/reference/settings.md lists them.
    public static let all: [any SettingDescription] =
        server + accounts + protection + mail + operations + keys + emailChange + mfa + firebase + external + audit + passwordBreach
        + observability + passkeys + console + cors

    static let server: [any SettingDescription] = [
        environment, host, allowDevelopmentOnNetwork, port, dataDirectory, databaseURL, databasePoolSize, jwtSecret, jwtExpiry,
        externalURL, siteURL,
    ]

    // MARK: Where the server runs

    static let environment = Setting<ServerConfiguration.Environment>.choice(
        "GATEHOUSE_ENV", default: .development,
        help: "`production` requires `GATEHOUSE_JWT_SECRET`, a public `GATEHOUSE_EXTERNAL_URL` and a mail transport "
            + "(`GATEHOUSE_SMTP_HOST`, or `mailersend` with its key)"
    )
    static let host = Setting<String>.text(
        "GATEHOUSE_HOST", default: "127.0.0.1", accepted: "an IP address or host name", help: "address to listen on"
    )
    static let allowDevelopmentOnNetwork = Setting<Bool>.flag(
        "GATEHOUSE_ALLOW_DEVELOPMENT_ON_NETWORK", default: false,
        help: "development mode refuses to start on a non-loopback `GATEHOUSE_HOST` (anything but 127.0.0.0/8, `::1`, "
            + "`localhost`); `true` allows it, and then the dev mailbox (`/_dev/mail`) is not served"
    )
    static let port = Setting<Int>.integer(
        "GATEHOUSE_PORT", default: 9999, in: 0...65535, help: "port to listen on (`0` picks a free one)"
    )
    static let dataDirectory = Setting<String>.text(
        "GATEHOUSE_DATA_DIR", default: ".gatehouse", accepted: "a folder path",
        help: "folder for the SQLite database and the development secret"
    )
    static let databaseURL = Setting<String?>.text(
        "GATEHOUSE_DATABASE_URL", shown: "SQLite in the data folder",
        accepted: "`postgres://user:pass@host:port/db` or `sqlite:///path/file.sqlite`", secret: true,
        help: "the database. PostgreSQL TLS with `?sslmode=…&sslrootcert=…`, libpq's meanings: `disable` (the default); "
            + "`require` (TLS, certificate not checked unless `sslrootcert` is given); `verify-ca` (chain checked against "
            + "`sslrootcert`, a PEM file, or the system store when absent or `system`); `verify-full` (also the host name: "
            + "use this in production). `allow`, `prefer` and anything else stop the start"
    )
    static let databasePoolSize = Setting<Int>.integer(
        "GATEHOUSE_DATABASE_POOL_SIZE", default: 16, in: 1...500,
        help: "PostgreSQL connections each instance opens at start and keeps (a fixed pool; the instances together need "
            + "fewer than the server's `max_connections`); unused with SQLite"
    )
    static let jwtSecret = Setting<String?>(
        "GATEHOUSE_JWT_SECRET", default: nil, shown: "generated in development", accepted: "at least 32 characters",
        help: "HS256 secret, also keys refresh tokens; required in production", secret: true
    ) {
        guard $0.utf8.count >= 32 else {
            throw ConfigurationError("GATEHOUSE_JWT_SECRET must be at least 32 characters (HS256 needs a 256-bit key)")
        }
        return $0
    }
    static let jwtExpiry = Setting<Int>.integer(
        "GATEHOUSE_JWT_EXPIRY", default: 3600, in: 30...604_800, help: "access-token lifetime in seconds"
    )
    static let externalURL = Setting<String?>(
        "GATEHOUSE_EXTERNAL_URL", default: nil, shown: "`http://HOST:PORT`", accepted: "an absolute URL",
        help: "public base URL: emailed links point here, and the JWT issuer is this plus `/auth/v1`. Required in "
            + "production, and not a loopback address there (`localhost`, 127.0.0.0/8, `::1`)"
    ) { withoutTrailingSlash($0) }
    static let siteURL = Setting<String?>(
        "GATEHOUSE_SITE_URL", default: nil, shown: "the external URL",
        accepted: "a plain absolute URL (no userinfo, backslashes or spaces)", help: "the app's URL"
    ) {
        let url = withoutTrailingSlash($0)
        guard RedirectURL(url) != nil else {
            throw ConfigurationError("GATEHOUSE_SITE_URL=\(url) is not a plain absolute URL (no userinfo, backslashes or spaces)")
        }
        return url
    }

    static func withoutTrailingSlash(_ url: String) -> String {
        url.hasSuffix("/") ? String(url.dropLast()) : url
    }

    // MARK: Accounts and tokens

    static let accounts: [any SettingDescription] = [
        passwordMinimumLength, bcryptCost, autoconfirm, disableSignup, refreshTokenReuseInterval,
    ]

    static let passwordMinimumLength = Setting<Int>.integer(
        "GATEHOUSE_PASSWORD_MIN_LENGTH", default: PasswordPolicy.defaultMinimumLength, in: 6...72,
        help: "minimum password length; no composition rules, 72-byte bcrypt ceiling"
    )
    static let bcryptCost = Setting<Int>.integer("GATEHOUSE_BCRYPT_COST", default: 10, in: 4...16, help: "bcrypt cost")
    static let autoconfirm = Setting<Bool>.flag(
        "GATEHOUSE_AUTOCONFIRM", default: false, help: "`true`: sign-up confirms the address at once and returns a session"
    )
    static let disableSignup = Setting<Bool>.flag(
        "GATEHOUSE_DISABLE_SIGNUP", default: false, help: "`true`: `/signup` answers 422 `signup_disabled`"
    )
    static let refreshTokenReuseInterval = Setting<Int>.integer(
        "GATEHOUSE_REFRESH_TOKEN_REUSE_INTERVAL", default: 10, in: 0...3600,
        help: "seconds during which the previous refresh token still returns the current pair"
    )
}
