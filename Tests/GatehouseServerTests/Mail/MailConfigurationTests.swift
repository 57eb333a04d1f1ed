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

import Logging
import Testing

@testable import GatehouseServer

/// One mail configuration, one SMTP configuration: what `GATEHOUSE_SMTP_*` says is the
/// `SMTPConfiguration` the transport is made with, and a transport's missing setting has one error.
@Suite("Mail configuration")
struct MailConfigurationTests {
    static func mail(_ extra: [String: String]) throws -> MailConfiguration {
        try ServerConfiguration.fromEnvironment(ConfigurationTests.env(extra)).mail
    }

    @Test("mail defaults")
    func defaults() throws {
        let mail = try Self.mail([:])
        #expect(mail.transport == .devMailbox)
        #expect(mail.from == MailAddress("no-reply@localhost", name: "Gatehouse"))
        #expect(mail.productName == "Gatehouse")
        #expect(mail.maximumAttempts == 8)
        #expect(mail.retryBaseDelay == 2)
        #expect(mail.smtp == nil && mail.mailerSendAPIKey == nil)
        #expect(mail.mailerSendURL == "https://api.mailersend.com/v1/email")
        #expect(
            try ServerConfiguration.fromEnvironment(
                ConfigurationTests.env([
                    "GATEHOUSE_ENV": "production", "GATEHOUSE_SMTP_HOST": "relay.example.com",
                    "GATEHOUSE_EXTERNAL_URL": "https://auth.example.com",
                ])
            ).mail.transport == .smtp)
    }

    @Test("GATEHOUSE_SMTP_* become the SMTP configuration, ports following the security mode")
    func smtpSettings() throws {
        let smtp = try #require(
            try Self.mail([
                "GATEHOUSE_MAIL_TRANSPORT": "SMTP", "GATEHOUSE_SMTP_HOST": "relay.example.com", "GATEHOUSE_SMTP_SECURITY": "TLS",
                "GATEHOUSE_SMTP_USERNAME": "mailer", "GATEHOUSE_SMTP_PASSWORD": "pw", "GATEHOUSE_SMTP_CA_FILE": "/etc/ca.pem",
                "GATEHOUSE_SMTP_TLS_VERIFY": "false", "GATEHOUSE_SMTP_TIMEOUT": "7",
            ]).smtp)
        #expect(smtp.host == "relay.example.com" && smtp.port == 465 && smtp.security == .implicitTLS)
        #expect(smtp.username == "mailer" && smtp.password == "pw" && smtp.caBundlePath == "/etc/ca.pem")
        #expect(!smtp.verifyCertificates && smtp.commandTimeout == .seconds(7))
        let base = ["GATEHOUSE_MAIL_TRANSPORT": "smtp", "GATEHOUSE_SMTP_HOST": "h"]
        let starttls = try #require(try Self.mail(base).smtp)
        #expect(starttls.security == .startTLS && starttls.port == 587 && starttls.verifyCertificates)
        #expect(starttls.commandTimeout == .seconds(30) && starttls.username == nil && starttls.password == nil)
        // Plain keeps the submission port as before (not SMTPConfiguration's own default of 25).
        #expect(try Self.mail(base.merging(["GATEHOUSE_SMTP_SECURITY": "plain"]) { $1 }).smtp?.port == 587)
        #expect(try Self.mail(base.merging(["GATEHOUSE_SMTP_PORT": "2525"]) { $1 }).smtp?.port == 2525)
        #expect(throws: ConfigurationError.self) { try Self.mail(base.merging(["GATEHOUSE_SMTP_PORT": "0"]) { $1 }) }
    }

    @Test("the transport is made with that very configuration")
    func transportFromConfiguration() async throws {
        let mail = try Self.mail([
            "GATEHOUSE_MAIL_TRANSPORT": "smtp", "GATEHOUSE_SMTP_HOST": "relay.example.com", "GATEHOUSE_SMTP_PASSWORD": "pw",
            "GATEHOUSE_SMTP_USERNAME": "mailer",
        ])
        try await withTemporarySQLiteStore { store in
            let transport = try TransportFactory.make(mail, store: store, logger: Logger(label: "test"))
            let smtp = try #require(transport as? SMTPTransport)
            #expect(smtp.configuration.description == mail.smtp?.description)
            #expect(smtp.configuration.password == "pw")
        }
    }

    @Test("a configuration made in code without its transport's setting gets the start-up error")
    func missingSettingInCode() async throws {
        try await withTemporarySQLiteStore { store in
            var mail = MailConfiguration()
            mail.transport = .smtp
            let noHost = #expect(throws: ConfigurationError.self) {
                try TransportFactory.make(mail, store: store, logger: Logger(label: "test"))
            }
            #expect(noHost?.description == "GATEHOUSE_SMTP_HOST is required with GATEHOUSE_MAIL_TRANSPORT=smtp")
            mail.transport = .mailerSend
            let noKey = #expect(throws: ConfigurationError.self) {
                try TransportFactory.make(mail, store: store, logger: Logger(label: "test"))
            }
            #expect(noKey?.description == "GATEHOUSE_MAILERSEND_API_KEY is required with GATEHOUSE_MAIL_TRANSPORT=mailersend")
        }
    }
}
