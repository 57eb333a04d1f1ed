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

/// Slow clients, shutdown, session lifetimes and input limits.
extension ServerSettings {
    static let operations: [any SettingDescription] = [
        httpHeaderTimeout, httpReadTimeout, httpIdleTimeout, shutdownTimeout, sessionsTimebox, sessionsInactivityTimeout,
        reauthenticationWindow, maximumMetadataBytes, maximumJSONDepth,
    ]

    static let httpHeaderTimeout = Setting<Int>.integer(
        "GATEHOUSE_HTTP_HEADER_TIMEOUT", default: 10, in: 1...3600,
        help: "seconds from connect within which the request head must be complete; slower clients are disconnected"
    )
    static let httpReadTimeout = Setting<Int>.integer(
        "GATEHOUSE_HTTP_READ_TIMEOUT", default: 30, in: 1...3600,
        help: "seconds from a request head within which its body must be complete"
    )
    static let httpIdleTimeout = Setting<Int>.integer(
        "GATEHOUSE_HTTP_IDLE_TIMEOUT", default: 60, in: 1...3600,
        help: "seconds a connection may stay without HTTP activity (kept alive between requests, or a stalled body) "
            + "before it is closed"
    )
    static let shutdownTimeout = Setting<Int>.integer(
        "GATEHOUSE_SHUTDOWN_TIMEOUT", default: 10, in: 1...300,
        help: "seconds after SIGTERM/SIGINT before work still running (a database or mail relay that does not answer) is "
            + "cancelled and the process exits; mail interrupted then is sent after the next start"
    )
    static let sessionsTimebox = Setting<Int>.duration(
        "GATEHOUSE_SESSIONS_TIMEBOX", default: 0, shown: "`0` (off)",
        help: "a session can be refreshed only this long after sign-in; later refreshes answer 400 `session_expired` "
            + "(GoTrue's `SESSIONS_TIMEBOX`)"
    )
    static let sessionsInactivityTimeout = Setting<Int>.duration(
        "GATEHOUSE_SESSIONS_INACTIVITY_TIMEOUT", default: 0, shown: "`0` (off)",
        help: "a session not refreshed for this long ends: 400 `session_expired` \"(Inactivity)\" "
            + "(GoTrue's `SESSIONS_INACTIVITY_TIMEOUT`)"
    )
    static let reauthenticationWindow = Setting<Int>.integer(
        "GATEHOUSE_REAUTHENTICATION_WINDOW", default: 600, in: 0...86_400,
        help: "seconds after a sign-in during which `PUT /user {password}` needs no further proof; later it needs "
            + "`current_password`, a recovery session or the nonce of `GET /reauthenticate` (`0` = always)"
    )
    static let maximumMetadataBytes = Setting<Int>.integer(
        "GATEHOUSE_MAX_METADATA_BYTES", default: 16 * 1024, in: 1024...1_048_576,
        help: "largest `user_metadata` / `app_metadata` object (compact JSON); both are copied into every access token, "
            + "so larger ones are refused with 400 `validation_failed`"
    )
    static let maximumJSONDepth = Setting<Int>.integer(
        "GATEHOUSE_MAX_JSON_DEPTH", default: 32, in: 2...128,
        help: "deepest nesting of arrays and objects in a JSON request body, the body itself counting as 1; checked by a "
            + "byte scan before the body is decoded, deeper bodies are refused with 400 `bad_json` and nothing is stored"
    )
}
