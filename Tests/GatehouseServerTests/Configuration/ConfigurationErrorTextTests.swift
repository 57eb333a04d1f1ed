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

import Testing

@testable import GatehouseServer

/// The start-up error for a bad value, word for word: operators and scripts read these, and
/// they now come from the settings list rather than from each read.
@Suite("Configuration error texts")
struct ConfigurationErrorTextTests {
    static func error(_ extra: [String: String]) -> String? {
        do {
            _ = try ServerConfiguration.fromEnvironment(ConfigurationTests.env(extra))
            return nil
        } catch {
            return (error as? ConfigurationError)?.description
        }
    }

    @Test(
        "each kind of setting names the variable and what is wrong",
        arguments: [
            (["GATEHOUSE_PORT": "65536"], "GATEHOUSE_PORT must be between 0 and 65535"),
            (["GATEHOUSE_PORT": "http"], "GATEHOUSE_PORT=http is not a valid value; accepted: 0 … 65535"),
            (
                ["GATEHOUSE_AUTOCONFIRM": "maybe"],
                "GATEHOUSE_AUTOCONFIRM=maybe is not a valid value; accepted: true or false (also 1/0, yes/no, on/off)"
            ),
            (
                ["GATEHOUSE_LOG_LEVEL": "loud"],
                "GATEHOUSE_LOG_LEVEL=loud is not a valid value; accepted: trace, debug, info, notice, warning, error, critical"
            ),
            (
                ["GATEHOUSE_SESSIONS_TIMEBOX": "-5m"],
                "GATEHOUSE_SESSIONS_TIMEBOX=-5m is not a valid value; accepted: seconds, or 90s, 30m, 24h, 1h30m, 7d (at most ten years)"
            ),
            (["GATEHOUSE_JWT_SECRET": "short"], "GATEHOUSE_JWT_SECRET must be at least 32 characters (HS256 needs a 256-bit key)"),
            (["GATEHOUSE_RATE_LIMIT_HEADER": "X Bad"], "GATEHOUSE_RATE_LIMIT_HEADER=X Bad is not a header name"),
            (
                ["GATEHOUSE_RATE_LIMIT_HEADER": "X-Real-IP"],
                "GATEHOUSE_RATE_LIMIT_HEADER is read only from trusted proxies: set GATEHOUSE_TRUSTED_PROXIES to their addresses (CIDR list)"
            ),
            (
                ["GATEHOUSE_SITE_URL": "https://user@app.example.com/"],
                "GATEHOUSE_SITE_URL=https://user@app.example.com is not a plain absolute URL (no userinfo, backslashes or spaces)"
            ),
            (["GATEHOUSE_MAIL_FROM": "nobody"], "GATEHOUSE_MAIL_FROM must be an address or \"Name <address>\""),
            (["GATEHOUSE_MAIL_TRANSPORT": "smtp"], "GATEHOUSE_SMTP_HOST is required with GATEHOUSE_MAIL_TRANSPORT=smtp"),
            (
                ["GATEHOUSE_MAIL_TRANSPORT": "smtp", "GATEHOUSE_SMTP_HOST": "h", "GATEHOUSE_SMTP_SECURITY": "ssl"],
                "GATEHOUSE_SMTP_SECURITY must be starttls, tls or plain"
            ),
            (
                ["GATEHOUSE_MAIL_TRANSPORT": "mailersend"],
                "GATEHOUSE_MAILERSEND_API_KEY is required with GATEHOUSE_MAIL_TRANSPORT=mailersend"
            ),
            (
                ["GATEHOUSE_ENV": "production", "GATEHOUSE_MAIL_TRANSPORT": "dev-mailbox"],
                "GATEHOUSE_MAIL_TRANSPORT=dev-mailbox is for development only; use smtp or mailersend"
            ),
        ])
    func texts(env: [String: String], expected: String) {
        #expect(Self.error(env) == expected)
    }
}
