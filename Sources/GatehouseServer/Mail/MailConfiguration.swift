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

/// How mail leaves the server, read from `GATEHOUSE_MAIL_*`, `GATEHOUSE_SMTP_*` and
/// `GATEHOUSE_MAILERSEND_*` (declared in ServerSettings+Mail.swift). `TransportFactory` builds
/// the transport from it.
public struct MailConfiguration: Sendable {
    public enum Transport: String, Sendable, CaseIterable {
        case devMailbox = "dev-mailbox"
        case smtp
        case mailerSend = "mailersend"
    }

    public var transport = ServerSettings.mailTransport.defaultValue
    public var from = ServerSettings.mailFrom.defaultValue
    /// The product name in subjects and bodies.
    public var productName = ServerSettings.productName.defaultValue
    public var maximumAttempts = ServerSettings.mailMaximumAttempts.defaultValue
    /// The first retry waits this long; each later one twice as long (with jitter), capped at an hour.
    public var retryBaseDelay = Double(ServerSettings.mailRetryBase.defaultValue) / 1000
    /// The relay, set when `transport` is `.smtp`: the same value `SMTPTransport` is made with.
    public var smtp: SMTPConfiguration?
    public var mailerSendAPIKey: String? {
        get { protectedMailerSendAPIKey?.value }
        set { protectedMailerSendAPIKey = newValue.map(Secret.init) }
    }
    private var protectedMailerSendAPIKey: Secret<String>?
    public var mailerSendURL = ServerSettings.mailerSendURL.defaultValue

    public init() {}

    static func fromEnvironment(_ reader: EnvironmentReader, environment: ServerConfiguration.Environment) throws -> MailConfiguration {
        var mail = MailConfiguration()
        let defaultTransport: Transport = environment == .development ? .devMailbox : .smtp
        mail.transport = try reader.read(ServerSettings.mailTransport, defaultingTo: defaultTransport)
        if mail.transport == .devMailbox, environment == .production {
            throw ConfigurationError("GATEHOUSE_MAIL_TRANSPORT=dev-mailbox is for development only; use smtp or mailersend")
        }
        mail.from = try reader.read(ServerSettings.mailFrom)
        mail.productName = try reader.read(ServerSettings.productName)
        mail.maximumAttempts = try reader.read(ServerSettings.mailMaximumAttempts)
        mail.retryBaseDelay = Double(try reader.read(ServerSettings.mailRetryBase)) / 1000
        switch mail.transport {
        case .devMailbox:
            break
        case .smtp:
            mail.smtp = try SMTPConfiguration.fromEnvironment(reader)
        case .mailerSend:
            guard let key = try reader.read(ServerSettings.mailerSendAPIKey) else {
                throw Self.missing(ServerSettings.mailerSendAPIKey, for: .mailerSend)
            }
            mail.mailerSendAPIKey = key
            mail.mailerSendURL = try reader.read(ServerSettings.mailerSendURL)
        }
        return mail
    }

    /// The one error for a transport without the setting it needs, at start-up and (for a
    /// configuration made in code) when the transport is built.
    func missing(_ setting: some SettingDescription) -> ConfigurationError {
        Self.missing(setting, for: transport)
    }

    static func missing(_ setting: some SettingDescription, for transport: Transport) -> ConfigurationError {
        .required(setting.name, with: ServerSettings.mailTransport.name, transport.rawValue)
    }
}

extension SMTPConfiguration {
    /// The relay from `GATEHOUSE_SMTP_*`; the host is required.
    static func fromEnvironment(_ reader: EnvironmentReader) throws -> SMTPConfiguration {
        guard let host = try reader.read(ServerSettings.smtpHost) else {
            throw MailConfiguration.missing(ServerSettings.smtpHost, for: .smtp)
        }
        let security = try reader.read(ServerSettings.smtpSecurity)
        // 587 for STARTTLS and (as always here) for plain; 465 for implicit TLS.
        let defaultPort = security == .implicitTLS ? 465 : ServerSettings.smtpPort.defaultValue
        let port = try reader.read(ServerSettings.smtpPort, defaultingTo: defaultPort)
        return SMTPConfiguration(
            host: host, port: port, security: security,
            username: try reader.read(ServerSettings.smtpUsername), password: try reader.read(ServerSettings.smtpPassword),
            commandTimeout: .seconds(try reader.read(ServerSettings.smtpTimeout)),
            caBundlePath: try reader.read(ServerSettings.smtpCAFile),
            verifyCertificates: try reader.read(ServerSettings.smtpVerifyCertificates)
        )
    }
}

extension MailAddress {
    /// `address` or `Name <address>`; nil if there is no plausible address or a line break.
    init?(parsing text: String) {
        guard !text.contains("\r"), !text.contains("\n") else { return nil }
        if let open = text.lastIndex(of: "<"), text.hasSuffix(">") {
            let address = String(text[text.index(after: open)..<text.index(before: text.endIndex)])
            let name = text[..<open].trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "\""))
            guard address.contains("@") else { return nil }
            self.init(address, name: name.isEmpty ? nil : name)
        } else {
            let address = text.trimmingCharacters(in: .whitespaces)
            guard address.contains("@"), !address.contains(" ") else { return nil }
            self.init(address)
        }
    }
}
