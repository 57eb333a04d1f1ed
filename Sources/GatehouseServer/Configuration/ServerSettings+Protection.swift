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
import HTTPTypes
import Logging

/// Rate limits, sign-in budgets, redirect targets, recovery links and the log level.
extension ServerSettings {
    static let protection: [any SettingDescription] = [
        rateLimitToken, rateLimitOTP, rateLimitVerify, rateLimitBurst, rateLimitHeader, trustedProxies, rateLimitIPv6Prefix,
        signInFailureLimit, signInFailureWindow, logLevel, otpExpiry, emailSendWindow, recoveryLink, redirectAllowList,
    ]

    static let rateLimitToken = Setting<Int>.integer(
        "GATEHOUSE_RATE_LIMIT_TOKEN", default: 150, in: 0...10_000_000,
        help: "`/token` requests per 5 minutes per client IP (`0` = off)"
    )
    static let rateLimitOTP = Setting<Int>.integer(
        "GATEHOUSE_RATE_LIMIT_OTP", default: 30, in: 0...10_000_000,
        help: "`/signup`, `PUT /user` and every password-recovery request route, per 5 minutes per client IP (`0` = off)"
    )
    static let rateLimitVerify = Setting<Int>.integer(
        "GATEHOUSE_RATE_LIMIT_VERIFY", default: 30, in: 0...10_000_000,
        help: "`/verify` requests per 5 minutes per client IP (`0` = off)"
    )
    static let rateLimitBurst = Setting<Int>.integer(
        "GATEHOUSE_RATE_LIMIT_BURST", default: 30, in: 1...10_000_000, help: "bucket size of each per-IP limit"
    )
    static let rateLimitHeader = Setting<String?>(
        "GATEHOUSE_RATE_LIMIT_HEADER", default: nil, shown: "`X-Forwarded-For` (read only from trusted proxies)",
        accepted: "a header name",
        help: "header in which the trusted proxies pass the client IP; the right-most address that is not a trusted proxy "
            + "is the client. Setting it without `GATEHOUSE_TRUSTED_PROXIES` is a start-up error"
    ) {
        guard HTTPField.Name($0) != nil else { throw ConfigurationError("GATEHOUSE_RATE_LIMIT_HEADER=\($0) is not a header name") }
        return $0
    }
    static let trustedProxies = Setting<TrustedProxies>(
        "GATEHOUSE_TRUSTED_PROXIES", default: TrustedProxies(), shown: "empty (the TCP peer is the client)",
        accepted: "comma-separated IPv4/IPv6 CIDR blocks or addresses",
        help: "your reverse proxies, e.g. `127.0.0.1, 10.0.0.0/8, fd00::/8`; a malformed entry is a start-up error"
    ) { try TrustedProxies(parsing: $0) }
    static let rateLimitIPv6Prefix = Setting<Int>.integer(
        "GATEHOUSE_RATE_LIMIT_IPV6_PREFIX", default: 64, in: 32...128,
        help: "IPv6 clients share one per-IP bucket per prefix of this length (`128` = per address)"
    )
    static let signInFailureLimit = Setting<Int>.integer(
        "GATEHOUSE_SIGNIN_FAILURE_LIMIT", default: 10, in: 0...1000,
        help: "wrong passwords in a row per address (registered or not, from any client) before its sign-ins are held back "
            + "with `429` until the window ends; a success starts again (`0` = off)"
    )
    static let signInFailureWindow = Setting<Int>.integer(
        "GATEHOUSE_SIGNIN_FAILURE_WINDOW", default: 300, in: 1...86_400, help: "seconds of that window"
    )
    static let logLevel = Setting<Logger.Level>.choice("GATEHOUSE_LOG_LEVEL", default: .info, help: "how much is logged")
    static let otpExpiry = Setting<Int>.integer(
        "GATEHOUSE_OTP_EXPIRY", default: 3600, in: 60...86_400,
        help: "lifetime of reset/confirmation links and codes, in seconds; every email states it"
    )
    static let emailSendWindow = Setting<Int>.integer(
        "GATEHOUSE_EMAIL_SEND_WINDOW", default: 60, in: 0...86_400,
        help: "at most one email of a kind per address per this many seconds, for every address, registered or not (`0` = off)"
    )
    static let recoveryLink = Setting<ServerConfiguration.RecoveryLinkTarget>.choice(
        "GATEHOUSE_RECOVERY_LINK", default: .page,
        help: "where reset emails link: `page` (`/reset-password?token=`) or `verify` (GoTrue's `/verify`, redirecting into "
            + "the app). Requests with `redirect_to` or PKCE always get a `/verify` link."
    )
    static let redirectAllowList = Setting<[String]>(
        "GATEHOUSE_REDIRECT_ALLOW_LIST", default: [], shown: "empty",
        accepted: "comma-separated URL patterns, e.g. `myapp://reset,https://*.example.com/**`",
        help: "`redirect_to` targets besides the site URL's origin, matched on the parsed URL: scheme and port must match "
            + "(`:*` any port), `*` stays within one host label or path segment, a `**` segment spans path segments; others "
            + "fall back to the site URL; an entry that is not a URL stops the server at startup"
    ) {
        let entries = $0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        if let bad = entries.first(where: { RedirectPattern($0) == nil }) {
            throw ConfigurationError(
                "GATEHOUSE_REDIRECT_ALLOW_LIST entry \(bad) is not a URL pattern (scheme://host[:port]/path, `*` within one "
                    + "host label or path segment, `**` as a path segment)"
            )
        }
        return entries
    }
}
