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
import GatehouseCore

/// What a link that opened the app carries, read from its query and fragment.
struct AuthLink {
    struct ImplicitTokens {
        var accessToken: String
        var refreshToken: String
        var expiresIn: Int
        var expiresAt: Int64?
        var tokenType: String
    }

    private let query: [String: String]
    private let fragment: [String: String]

    init(_ url: URL) {
        let components = URLComponents(url: url, resolvingAgainstBaseURL: false)
        query = Self.parameters(components?.percentEncodedQuery)
        fragment = Self.parameters(components?.percentEncodedFragment)
    }

    private func value(_ name: String) -> String? {
        fragment[name] ?? query[name]
    }

    /// GoTrue's error redirect: `#error=access_denied&error_code=otp_expired&error_description=…`.
    /// Older servers put the HTTP status in `error_code`; the OAuth name is used then.
    var error: APIError? {
        guard let name = value("error") ?? value("error_code") else { return nil }
        let rawCode = value("error_code").flatMap { Int($0) == nil ? $0 : nil } ?? name
        let code = rawCode == "access_denied" || rawCode == "unauthorized_client" ? AuthErrorCode.otpExpired : AuthErrorCode(rawCode)
        return APIError(status: 0, code: code, message: value("error_description") ?? name)
    }

    var implicitTokens: ImplicitTokens? {
        guard let access = fragment["access_token"], let refresh = fragment["refresh_token"] else { return nil }
        return ImplicitTokens(
            accessToken: access, refreshToken: refresh, expiresIn: fragment["expires_in"].flatMap(Int.init) ?? 3600,
            expiresAt: fragment["expires_at"].flatMap(Int64.init), tokenType: fragment["token_type"] ?? "bearer"
        )
    }

    var code: String? { query["code"] }
    var tokenHash: String? { query["token_hash"] ?? query["token"] }
    var type: String? { value("type") }

    /// `a=1&b=2` → `["a": "1", "b": "2"]`, percent- and plus-decoded.
    private static func parameters(_ encoded: String?) -> [String: String] {
        guard let encoded, !encoded.isEmpty else { return [:] }
        var result: [String: String] = [:]
        for pair in encoded.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let decode = { (text: Substring) in
                String(text).replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? String(text)
            }
            guard let name = parts.first.map(decode), !name.isEmpty else { continue }
            result[name] = parts.count > 1 ? decode(parts[1]) : ""
        }
        return result
    }
}
