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

/// Metrics and logs.
extension ServerSettings {
    static let observability: [any SettingDescription] = [metrics, logFormat]

    static let metrics = Setting<ServerConfiguration.MetricsAccess?>(
        "GATEHOUSE_METRICS", default: nil, shown: "`public` in development, `off` in production",
        accepted: "`off`, `public`, or `token:` and a bearer token of at least 32 characters",
        help: "`GET /metrics` (Prometheus text): `off` answers 404; `public` serves anyone; `token:SECRET` serves only "
            + "`Authorization: Bearer SECRET` (others get 401)",
        secret: true
    ) { raw in
        switch raw.lowercased() {
        case "off": return .off
        case "public": return .public
        default:
            // The value may be a token: the error never repeats it.
            guard raw.hasPrefix("token:") else {
                throw ConfigurationError("GATEHOUSE_METRICS must be `off`, `public` or `token:` followed by a bearer token")
            }
            let token = String(raw.dropFirst("token:".count))
            guard token.utf8.count >= 32, token.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else {
                throw ConfigurationError("GATEHOUSE_METRICS: the token after `token:` must be at least 32 printable ASCII characters")
            }
            return .bearer(Secret(token))
        }
    }

    static let logFormat = Setting<ServerConfiguration.LogFormat>.choice(
        "GATEHOUSE_LOG_FORMAT", default: .text,
        help: "`json`: one JSON object a line on standard error (time, level, label, message and metadata: request id, "
            + "route pattern, status, duration); `text`: swift-log's plain lines"
    )
}

extension ServerConfiguration {
    /// Who may read `GET /metrics`.
    public enum MetricsAccess: Sendable, Equatable {
        /// Not served: 404.
        case off
        /// Served to anyone who can reach the port (development, or a private network).
        case `public`
        /// Served to `Authorization: Bearer <token>` only; others get 401.
        case bearer(Secret<String>)
    }

    /// The format of the server's log lines.
    public enum LogFormat: String, Sendable, CaseIterable {
        case text, json
    }

    /// `GATEHOUSE_METRICS`, or its default for the environment.
    public var effectiveMetricsAccess: MetricsAccess {
        metricsAccess ?? (isDevelopment ? .public : .off)
    }

    static func readObservability(_ reader: EnvironmentReader, into configuration: inout ServerConfiguration) throws {
        configuration.metricsAccess = try reader.read(ServerSettings.metrics)
        configuration.logFormat = try reader.read(ServerSettings.logFormat)
    }
}
