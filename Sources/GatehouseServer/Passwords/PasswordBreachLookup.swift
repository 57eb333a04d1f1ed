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

import AsyncHTTPClient
import Crypto
import Foundation
import Logging
import NIOCore

/// The k-anonymity lookup of `GATEHOUSE_PASSWORD_BREACH_API` (Pwned Passwords' range form): the
/// upper-case hex SHA-1 of the password is split after 5 characters, `GET <base>/<prefix>`
/// answers the suffixes of every breached password with that prefix as `SUFFIX:COUNT` lines,
/// and the password is breached when its suffix is there with a count above 0 (padding entries,
/// `Add-Padding: true`, have count 0). Only the prefix leaves the server.
///
/// A lookup that fails — refused connection, timeout, another status, an unreadable answer —
/// never blocks anyone: it answers "not breached", logs a warning and is counted as `failed` in
/// `gatehouse_password_breach_lookups_total`, beside the `breached` and `clean` answers.
struct PasswordBreachLookup: Sendable {
    let rangeAPI: String
    let timeout: Duration
    let client: HTTPClient
    let metrics: GatehouseMetrics
    let logger: Logger

    /// What a lookup found: the label of its count on `/metrics`.
    enum Outcome: String, Sendable {
        case breached
        case clean
        case failed
    }

    /// Range answers are about 30 KB (800 suffixes and padding); anything far larger is not one.
    static let maximumAnswerBytes = 4 * 1024 * 1024

    init(rangeAPI: String, timeout: Duration, client: HTTPClient = .shared, metrics: GatehouseMetrics, logger: Logger) {
        self.rangeAPI = rangeAPI
        self.timeout = timeout
        self.client = client
        self.metrics = metrics
        self.logger = logger
    }

    /// Whether the range API lists `password`; false when it does not or cannot say.
    func isBreached(_ password: String) async -> Bool {
        let (prefix, suffix) = Self.hashParts(password)
        do {
            let suffixes = try await fetchRange(prefix)
            let breached = Self.lists(suffix, in: suffixes)
            metrics.recordPasswordBreachLookup(breached ? .breached : .clean)
            return breached
        } catch {
            metrics.recordPasswordBreachLookup(.failed)
            logger.warning(
                "password breach lookup failed; the password was not checked against it",
                metadata: ["error": "\(error)", "api": "\(rangeAPI)"])
            return false
        }
    }

    private func fetchRange(_ prefix: String) async throws -> String {
        var request = HTTPClientRequest(url: "\(rangeAPI)/\(prefix)")
        request.headers.add(name: "Add-Padding", value: "true")
        request.headers.add(name: "User-Agent", value: "gatehouse")
        let response = try await client.execute(request, timeout: .nanoseconds(timeout.nanoseconds))
        guard response.status == .ok else { throw LookupFailure.status(response.status.code) }
        let body = try await response.body.collect(upTo: Self.maximumAnswerBytes)
        return String(buffer: body)
    }

    enum LookupFailure: Error { case status(UInt) }

    /// The upper-case hex SHA-1 of the password's UTF-8 (NFC, as the list compares), split after 5.
    static func hashParts(_ password: String) -> (prefix: String, suffix: String) {
        let digest = Insecure.SHA1.hash(data: Data(CommonPasswords.normalized(password).utf8))
        let hex = digest.map { String(format: "%02X", $0) }.joined()
        return (String(hex.prefix(5)), String(hex.dropFirst(5)))
    }

    /// Whether `suffix` is on a `SUFFIX:COUNT` line with a count above 0.
    static func lists(_ suffix: String, in answer: String) -> Bool {
        for line in answer.split(whereSeparator: \.isNewline) {
            let parts = line.split(separator: ":", maxSplits: 1)
            guard parts.count == 2, parts[0].trimmingCharacters(in: .whitespaces).uppercased() == suffix else { continue }
            return (Int(parts[1].trimmingCharacters(in: .whitespaces)) ?? 0) > 0
        }
        return false
    }
}
