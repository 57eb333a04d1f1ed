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

/// Builds the configured transport from the mail configuration as read at start-up (its
/// settings were checked there; a configuration made in code without them gets the same error).
enum TransportFactory {
    static func make(_ configuration: MailConfiguration, store: any SQLStore, logger: Logger) throws -> any MailTransport {
        switch configuration.transport {
        case .devMailbox:
            return DevMailbox(store: store)
        case .mailerSend:
            guard let key = configuration.mailerSendAPIKey else { throw configuration.missing(ServerSettings.mailerSendAPIKey) }
            return MailerSendTransport(apiKey: key, url: configuration.mailerSendURL)
        case .smtp:
            guard let smtp = configuration.smtp else { throw configuration.missing(ServerSettings.smtpHost) }
            if !smtp.verifyCertificates {
                logger.warning("SMTP certificate verification is OFF (GATEHOUSE_SMTP_TLS_VERIFY=false): development only")
            }
            return SMTPTransport(configuration: smtp, logger: logger)
        }
    }
}
