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

/// Development mode mounts the dev mailbox, whose pages and JSON hold every email's links and
/// codes: it is meant for one person's machine. On any other address it would hand every
/// account to whoever can reach the port, so it refuses to start there unless explicitly
/// allowed (`GATEHOUSE_ALLOW_DEVELOPMENT_ON_NETWORK`), and then the mailbox is not mounted.
extension ServerConfiguration {
    /// Whether the dev mailbox routes (`/_dev/mail`) are mounted.
    var servesDevMailbox: Bool {
        isDevelopment && mail.transport == .devMailbox && Self.isLoopback(host: host)
    }

    func checkDevelopmentExposure() throws {
        guard isDevelopment, !Self.isLoopback(host: host), !allowDevelopmentOnNetwork else { return }
        throw ConfigurationError(
            "GATEHOUSE_ENV=development listens only on a loopback address (127.0.0.1, ::1, localhost), not GATEHOUSE_HOST=\(host): "
                + "use GATEHOUSE_ENV=production, or set GATEHOUSE_ALLOW_DEVELOPMENT_ON_NETWORK=true (the dev mailbox is then not served)"
        )
    }

    /// 127.0.0.0/8, ::1 (bracketed or not) and `localhost`.
    static func isLoopback(host: String) -> Bool {
        let bare = host.lowercased().trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
        if bare == "localhost" || bare == "::1" || bare == "0:0:0:0:0:0:0:1" { return true }
        let octets = bare.split(separator: ".", omittingEmptySubsequences: false)
        return octets.count == 4 && octets[0] == "127" && octets.allSatisfy { UInt8($0) != nil }
    }
}
