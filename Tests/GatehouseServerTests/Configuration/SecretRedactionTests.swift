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
import Testing

@testable import GatehouseServer

/// Every way Swift can describe a value (interpolation, `String(reflecting:)`, `dump`) shows no
/// secret of the configuration (the real-process test is
/// Conformance/test_log_redaction.py).
@Suite("Secret redaction")
struct SecretRedactionTests {
    static let jwtSecret = "jwt-secret-for-redaction-0123456789abcdef"

    static func everyDescription(of value: Any) -> String {
        var dumped = ""
        dump(value, to: &dumped)
        return ["\(value)", String(reflecting: value), dumped].joined(separator: "\n")
    }

    @Test("the configuration never describes its secrets")
    func configuration() throws {
        let configuration = try ServerConfiguration.fromEnvironment([
            "GATEHOUSE_JWT_SECRET": Self.jwtSecret,
            "GATEHOUSE_DATABASE_URL": "postgres://user:db-password-123@127.0.0.1:5432/db",
            "GATEHOUSE_MAIL_TRANSPORT": "smtp", "GATEHOUSE_SMTP_HOST": "127.0.0.1",
            "GATEHOUSE_SMTP_USERNAME": "mailer", "GATEHOUSE_SMTP_PASSWORD": "smtp-password-456",
        ])
        #expect(configuration.jwtSecret == Self.jwtSecret)
        #expect(configuration.mail.smtp?.password == "smtp-password-456")
        let text =
            Self.everyDescription(of: configuration) + Self.everyDescription(of: configuration.mail)
            + Self.everyDescription(of: configuration.mail.smtp as Any)
        for secret in [Self.jwtSecret, "db-password-123", "smtp-password-456"] {
            #expect(!text.contains(secret))
        }
    }

    @Test("a MailerSend key stays out of descriptions")
    func mailerSendKey() throws {
        let configuration = try ServerConfiguration.fromEnvironment([
            "GATEHOUSE_JWT_SECRET": Self.jwtSecret,
            "GATEHOUSE_MAIL_TRANSPORT": "mailersend", "GATEHOUSE_MAILERSEND_API_KEY": "mlsn-key-789",
        ])
        #expect(configuration.mail.mailerSendAPIKey == "mlsn-key-789")
        #expect(!Self.everyDescription(of: configuration).contains("mlsn-key-789"))
    }

    @Test("a Secret inside any other value is redacted")
    func wrapper() {
        struct Holder {
            var name = "visible"
            var key = Secret("hidden-value")
        }
        let text = Self.everyDescription(of: Holder())
        #expect(text.contains("visible"))
        #expect(!text.contains("hidden-value"))
        #expect(text.contains("<redacted>"))
    }
}
