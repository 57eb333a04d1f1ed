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

/// The optional breach lookup for new passwords: a k-anonymity range API of the
/// Pwned Passwords form. Off unless named.
extension ServerSettings {
    static let passwordBreach: [any SettingDescription] = [passwordBreachAPI]

    static let passwordBreachAPI = Setting<String?>(
        "GATEHOUSE_PASSWORD_BREACH_API", default: nil, shown: "unset (off)",
        accepted: "an http(s) URL; HTTPS in production unless the host is loopback",
        help: "a Pwned Passwords range API (`https://api.pwnedpasswords.com/range`): each new password's SHA-1 prefix "
            + "(5 hex characters) is sent, never the password; a listed suffix is refused as `weak_password` `pwned`. "
            + "An unreachable, slow (over 2 s) or failing API blocks nobody: logged at warning and counted (`gatehouse_password_breach_lookups_total{outcome=\"failed\"}`)"
    ) {
        guard let url = PasswordBreachConfiguration.rangeURL($0) else {
            throw ConfigurationError("GATEHOUSE_PASSWORD_BREACH_API=\($0) is not an http(s) URL")
        }
        return url
    }
}

/// The breach lookup's settings, read from `ServerSettings.passwordBreach`.
public struct PasswordBreachConfiguration: Sendable {
    /// The range API's base (`<base>/<prefix>` is fetched), without a trailing slash; nil: off.
    public var rangeAPI: String? = nil
    /// How long a lookup may take before it counts as failed (and the password is let through).
    public var timeout: Duration = .seconds(2)

    public init() {}

    /// The base without its trailing slash, when it is an http(s) URL with a host.
    static func rangeURL(_ text: String) -> String? {
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), ["http", "https"].contains(scheme),
            let host = url.host, !host.isEmpty, url.query == nil, url.fragment == nil
        else { return nil }
        return text.hasSuffix("/") ? String(text.dropLast()) : text
    }

    static func fromEnvironment(_ reader: EnvironmentReader, environment: ServerConfiguration.Environment) throws -> Self {
        var configuration = Self()
        configuration.rangeAPI = try reader.read(ServerSettings.passwordBreachAPI)
        // Password hashes' prefixes are not secret, but a lookup an attacker can answer decides
        // which passwords are refused: production reaches it over TLS unless it runs beside us.
        if environment == .production, let api = configuration.rangeAPI, let url = URL(string: api),
            url.scheme?.lowercased() != "https", !ServerConfiguration.isLoopback(host: url.host ?? "")
        {
            throw ConfigurationError(
                "GATEHOUSE_PASSWORD_BREACH_API must be an https URL when GATEHOUSE_ENV=production (http only on a loopback host)")
        }
        return configuration
    }
}
