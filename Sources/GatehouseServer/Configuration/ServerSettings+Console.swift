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

/// The admin console at `/admin`.
extension ServerSettings {
    static let console: [any SettingDescription] = [adminConsole, adminConsoleIdleTimeout]

    /// The default depends on the environment: `ServerConfiguration.read` passes it. Production
    /// keeps the console off until an operator decides to serve it.
    static let adminConsole = Setting<AdminConsoleMode>.choice(
        "GATEHOUSE_ADMIN_CONSOLE", default: .on, shown: "`on` in development, `off` in production",
        help: "serves the admin console's pages at `/admin` (off: every console path answers 404; the admin JSON API is unaffected)"
    )

    /// Fifteen minutes by default: an unattended operator's browser should not stay an open door
    /// to every account. A setting (not only a constant) so a deployment can be stricter, and so
    /// the browser suite can watch a session expire.
    static let adminConsoleIdleTimeout = Setting<Int>(
        "GATEHOUSE_ADMIN_CONSOLE_IDLE_TIMEOUT", default: 900, shown: "`15m`",
        accepted: "seconds, or `90s`, `15m`, `1h` (5 seconds to 8 hours)",
        help:
            "a console session without a request for this long ends (the sign-in asks again); at most 8 hours after its password in any case"
    ) {
        guard let seconds = DurationSetting.seconds($0) else {
            throw ConfigurationError.notValid("GATEHOUSE_ADMIN_CONSOLE_IDLE_TIMEOUT", $0)
        }
        guard (5...8 * 3600).contains(seconds) else {
            throw ConfigurationError("GATEHOUSE_ADMIN_CONSOLE_IDLE_TIMEOUT must be between 5 seconds and 8 hours")
        }
        return seconds
    }
}

/// `GATEHOUSE_ADMIN_CONSOLE`.
public enum AdminConsoleMode: String, Sendable, CaseIterable {
    case on, off
}
