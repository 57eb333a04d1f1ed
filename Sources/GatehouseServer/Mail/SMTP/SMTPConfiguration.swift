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

/// Where and how `SMTPTransport` delivers: the relay, its TLS mode, credentials and time limits.
/// The one SMTP configuration: read from `GATEHOUSE_SMTP_*` into `MailConfiguration.smtp`
/// (MailConfiguration.swift) and handed to the transport as it is.
public struct SMTPConfiguration: Sendable {
    /// How the connection is protected.
    public enum Security: String, Sendable, CaseIterable {
        /// No TLS at all (a local relay, tests). Credentials, if set, travel in clear.
        case plain
        /// Plain connection upgraded with STARTTLS before anything else is sent; fails when the
        /// server does not offer STARTTLS (no silent downgrade).
        case startTLS
        /// TLS from the first byte ("SMTPS", usually port 465).
        case implicitTLS

        /// The customary port for the mode: 25, 587 or 465.
        public var defaultPort: Int {
            switch self {
            case .plain: 25
            case .startTLS: 587
            case .implicitTLS: 465
            }
        }
    }

    public var host: String
    public var port: Int
    public var security: Security
    /// Set both to authenticate (AUTH PLAIN when offered, else AUTH LOGIN).
    public var username: String?
    public var password: String? {
        get { protectedPassword?.value }
        set { protectedPassword = newValue.map(Secret.init) }
    }
    private var protectedPassword: Secret<String>?
    /// The name this client gives in EHLO/HELO.
    public var heloName: String
    /// Limit on establishing the TCP connection.
    public var connectTimeout: Duration
    /// Limit on waiting for each reply (greeting, every command, the end of DATA), including any
    /// TLS handshake that precedes it.
    public var commandTimeout: Duration
    /// A PEM file of CA certificates to trust *instead of* the system roots (a private or
    /// throwaway CA). `nil`: the system trust roots.
    public var caBundlePath: String?
    /// `false` turns certificate and hostname verification off. Development only.
    public var verifyCertificates: Bool

    public init(
        host: String,
        port: Int? = nil,
        security: Security = .startTLS,
        username: String? = nil,
        password: String? = nil,
        heloName: String = "localhost",
        connectTimeout: Duration = .seconds(10),
        commandTimeout: Duration = .seconds(30),
        caBundlePath: String? = nil,
        verifyCertificates: Bool = true
    ) {
        self.host = host
        self.port = port ?? security.defaultPort
        self.security = security
        self.username = username
        self.protectedPassword = password.map(Secret.init)
        self.heloName = heloName
        self.connectTimeout = connectTimeout
        self.commandTimeout = commandTimeout
        self.caBundlePath = caBundlePath
        self.verifyCertificates = verifyCertificates
    }
}

extension SMTPConfiguration.Security {
    /// The spelling of `GATEHOUSE_SMTP_SECURITY`, case-insensitive: `starttls`, `tls`, `plain`.
    init?(settingValue: String) {
        switch settingValue.lowercased() {
        case "starttls": self = .startTLS
        case "tls": self = .implicitTLS
        case "plain": self = .plain
        default: return nil
        }
    }
}

extension SMTPConfiguration: CustomStringConvertible {
    /// Safe to log: the password is never printed.
    public var description: String {
        var parts = ["\(host):\(port)", security.rawValue]
        if let username { parts.append("user \(username)" + (password == nil ? "" : " (password set)")) }
        if let caBundlePath { parts.append("CA bundle \(caBundlePath)") }
        if !verifyCertificates { parts.append("certificate verification OFF") }
        return "SMTP(" + parts.joined(separator: ", ") + ")"
    }
}

extension SMTPConfiguration: CustomDebugStringConvertible {
    public var debugDescription: String { description }
}
