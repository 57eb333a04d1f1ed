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

/// How mail leaves the server: `GATEHOUSE_MAIL_*`, `GATEHOUSE_SMTP_*`, `GATEHOUSE_MAILERSEND_*`.
extension ServerSettings {
    static let mail: [any SettingDescription] = [
        mailTransport, mailFrom, productName, mailMaximumAttempts, mailRetryBase, smtpHost, smtpPort, smtpSecurity,
        smtpUsername, smtpPassword, smtpCAFile, smtpVerifyCertificates, smtpTimeout, mailerSendAPIKey, mailerSendURL,
    ]

    /// The default depends on the environment: `MailConfiguration.fromEnvironment` passes it.
    static let mailTransport = Setting<MailConfiguration.Transport>.choice(
        "GATEHOUSE_MAIL_TRANSPORT", default: .devMailbox, shown: "`dev-mailbox` in development, `smtp` in production",
        help: "how mail is sent (the dev mailbox is refused in production)"
    )
    static let mailFrom = Setting<MailAddress>(
        "GATEHOUSE_MAIL_FROM", default: MailAddress("no-reply@localhost", name: "Gatehouse"),
        shown: "`Gatehouse <no-reply@localhost>`", accepted: "`address` or `Name <address>`", help: "sender"
    ) {
        guard let address = MailAddress(parsing: $0) else {
            throw ConfigurationError("GATEHOUSE_MAIL_FROM must be an address or \"Name <address>\"")
        }
        return address
    }
    static let productName = Setting<String>.text(
        "GATEHOUSE_PRODUCT_NAME", default: "Gatehouse", accepted: "text",
        help: "product name in emails, on the pages and as the issuer authenticator apps show"
    )
    static let mailMaximumAttempts = Setting<Int>.integer(
        "GATEHOUSE_MAIL_MAX_ATTEMPTS", default: 8, in: 1...100, help: "delivery attempts before a job is `dead`"
    )
    static let mailRetryBase = Setting<Int>.integer(
        "GATEHOUSE_MAIL_RETRY_BASE_MS", default: 2000, in: 10...3_600_000,
        help: "first retry delay in milliseconds; doubles each attempt (±25 % jitter), capped at an hour"
    )
    static let smtpHost = Setting<String?>.text(
        "GATEHOUSE_SMTP_HOST", shown: "—", accepted: "a host name or address", help: "SMTP relay (required with `smtp`)"
    )
    /// The default depends on the security mode: `MailConfiguration.fromEnvironment` passes it.
    static let smtpPort = Setting<Int>.integer(
        "GATEHOUSE_SMTP_PORT", default: 587, in: 1...65535, shown: "`587` (`465` for `tls`)", help: "SMTP relay port"
    )
    static let smtpSecurity = Setting<SMTPConfiguration.Security>(
        "GATEHOUSE_SMTP_SECURITY", default: .startTLS, shown: "`starttls`", accepted: "`starttls`, `tls`, `plain`",
        help: "`starttls` (required, no downgrade), `tls` (implicit), `plain`"
    ) {
        guard let security = SMTPConfiguration.Security(settingValue: $0) else {
            throw ConfigurationError("GATEHOUSE_SMTP_SECURITY must be starttls, tls or plain")
        }
        return security
    }
    static let smtpUsername = Setting<String?>.text(
        "GATEHOUSE_SMTP_USERNAME", shown: "unset", accepted: "text",
        help: "with the password: AUTH PLAIN, or LOGIN when only that is offered"
    )
    static let smtpPassword = Setting<String?>.text(
        "GATEHOUSE_SMTP_PASSWORD", shown: "unset", accepted: "text", secret: true, help: "the SMTP user's password"
    )
    static let smtpCAFile = Setting<String?>.text(
        "GATEHOUSE_SMTP_CA_FILE", shown: "system roots", accepted: "a PEM file path",
        help: "CA bundle to trust instead (a private CA)"
    )
    static let smtpVerifyCertificates = Setting<Bool>.flag(
        "GATEHOUSE_SMTP_TLS_VERIFY", default: true,
        help: "`false` disables certificate checks (development only; logged as a warning)"
    )
    static let smtpTimeout = Setting<Int>.integer(
        "GATEHOUSE_SMTP_TIMEOUT", default: 30, in: 1...600, help: "seconds to wait for each SMTP reply"
    )
    static let mailerSendAPIKey = Setting<String?>.text(
        "GATEHOUSE_MAILERSEND_API_KEY", shown: "—", accepted: "text", secret: true,
        help: "MailerSend API token (required with `mailersend`)"
    )
    static let mailerSendURL = Setting<String>.text(
        "GATEHOUSE_MAILERSEND_URL", default: "https://api.mailersend.com/v1/email", accepted: "a URL",
        help: "MailerSend endpoint"
    )
}
