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

/// The values unset settings come to when the settings table's default is a rule rather than a
/// value ("the external URL", "`on` in development, `off` in production"): `gatehouse config`
/// prints what the server runs with, not the rule.
extension EffectiveSetting {
    /// The value and source of unset `name` in `configuration`; nil where the table's default is
    /// the value itself.
    static func derivedDefault(_ name: String, in configuration: ServerConfiguration) -> (value: String, source: Source)? {
        func value(_ text: String) -> (value: String, source: Source) { (text, .default) }
        switch name {
        case ServerSettings.jwtSecret.name:
            return configuration.isDevelopment ? (mask, .generated) : nil
        case ServerSettings.databaseURL.name:
            return value("sqlite://\(configuration.dataDirectory)/gatehouse.sqlite")
        case ServerSettings.externalURL.name:
            return value(configuration.externalURL)
        case ServerSettings.siteURL.name:
            return value(configuration.siteURL)
        case ServerSettings.jwtKeys.name:
            return value(signingKeys(configuration))
        case ServerSettings.mailTransport.name:
            return value(configuration.mail.transport.rawValue)
        case ServerSettings.smtpPort.name:
            return configuration.mail.smtp.map { value("\($0.port)") }
        case ServerSettings.metrics.name:
            return value(metricsAccess(configuration.effectiveMetricsAccess))
        case ServerSettings.adminConsole.name:
            return value(configuration.adminConsole.rawValue)
        case ServerSettings.firebaseProjectId.name:
            return value(configuration.firebase.projectId ?? "unset: the Firebase paths answer 404")
        case ServerSettings.firebaseAPIKeys.name:
            return configuration.firebase.apiKeys.isEmpty ? value("any key") : nil
        case ServerSettings.webAuthnRPID.name:
            return value(configuration.passkeys.rpID ?? "unset")
        case ServerSettings.webAuthnRPOrigins.name:
            return value(configuration.passkeys.rpOrigins.isEmpty ? "none" : configuration.passkeys.rpOrigins.joined(separator: ","))
        case ServerSettings.corsAllowedOrigins.name:
            return value(corsOrigins(configuration))
        default:
            return nil
        }
    }

    private static func signingKeys(_ configuration: ServerConfiguration) -> String {
        let keyFile = "\(configuration.dataDirectory)/\(DevelopmentSigningKey.fileName)"
        guard configuration.usesDevelopmentSigningKey else { return "none: HS256 with GATEHOUSE_JWT_SECRET" }
        guard !configuration.developmentKeySignsAccessTokens else { return "the development key pair \(keyFile) (RS256)" }
        return "none: HS256 with GATEHOUSE_JWT_SECRET (Firebase ID tokens: the development key pair \(keyFile), RS256)"
    }

    private static func metricsAccess(_ access: ServerConfiguration.MetricsAccess) -> String {
        switch access {
        case .off: "off"
        case .public: "public"
        case .bearer: "token:\(mask)"
        }
    }

    /// The site URL's origin (`scheme://host[:port]`), and the allow-list's when it has entries.
    private static func corsOrigins(_ configuration: ServerConfiguration) -> String {
        var site = "none"
        if let url = URLComponents(string: configuration.siteURL), let scheme = url.scheme, let host = url.host, !host.isEmpty {
            site = "\(scheme)://\(host)" + (url.port.map { ":\($0)" } ?? "")
        }
        return configuration.redirectAllowList.isEmpty ? site : site + " and the origins of GATEHOUSE_REDIRECT_ALLOW_LIST"
    }
}
