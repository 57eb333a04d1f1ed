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

/// Which web pages' scripts may read the API's answers from another origin (CORS).
extension ServerSettings {
    static let cors: [any SettingDescription] = [corsAllowedOrigins]

    static let corsAllowedOrigins = Setting<CORSAllowedOrigins?>(
        "GATEHOUSE_CORS_ALLOWED_ORIGINS", default: nil,
        shown: "the site URL's origin and the origins of `GATEHOUSE_REDIRECT_ALLOW_LIST`",
        accepted: "comma-separated origins `scheme://host[:port]`, or `*` alone",
        help: "origins whose scripts may call the API from a browser: their preflights are answered and their `Origin` "
            + "reflected with `Vary: Origin`, never with credentials; any other origin gets no `Access-Control-*` header. "
            + "`*` answers every origin with `*`. Setting it replaces the default. `/_dev/*` and `Bearer owner` calls never get CORS"
    ) { try CORSAllowedOrigins(parsing: $0) }
}

/// `GATEHOUSE_CORS_ALLOWED_ORIGINS` once read.
public enum CORSAllowedOrigins: Sendable, Equatable {
    /// `*`: every origin, answered with `Access-Control-Allow-Origin: *`.
    case any
    /// Exactly these origins (as written; compared by scheme, host and port).
    case only([String])

    init(parsing text: String) throws {
        let entries = text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        if entries == ["*"] {
            self = .any
            return
        }
        guard !entries.isEmpty else { throw ConfigurationError.notValid("GATEHOUSE_CORS_ALLOWED_ORIGINS", text) }
        for entry in entries where WebOrigin(entry) == nil {
            let hint = entry == "*" ? " (`*` must stand alone)" : ""
            throw ConfigurationError(
                "GATEHOUSE_CORS_ALLOWED_ORIGINS entry \(entry) is not an origin (scheme://host[:port], no path, query or wildcard)\(hint)")
        }
        self = .only(entries)
    }
}
