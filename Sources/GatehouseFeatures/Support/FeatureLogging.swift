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

import GatehouseClient
import Logging

/// Client-side logging of the failures the login spec asks to log (§8 "Log timeout event for
/// debugging", "Log server error details"). Never an address, a password or a token: only the
/// page, the kind of failure and the HTTP status.
enum FeatureLog {
    static func logger(_ page: String) -> Logger { Logger(label: "gatehouse.features.\(page)") }

    /// Logs `error` when it is one worth a developer's look (timeout, 5xx, malformed answer).
    static func failure(_ error: any Error, page: String, logger: Logger) {
        guard let error = error as? AuthClientError else { return }
        switch error {
        case .timedOut:
            logger.warning("request timed out", metadata: ["page": "\(page)"])
        case .server(let status):
            logger.error("server error", metadata: ["page": "\(page)", "status": "\(status)"])
        case .malformedResponse:
            logger.error("malformed response", metadata: ["page": "\(page)"])
        case .api(let api) where api.status >= 500:
            logger.error("server error", metadata: ["page": "\(page)", "status": "\(api.status)", "code": "\(api.code.rawValue)"])
        default:
            break
        }
    }
}
