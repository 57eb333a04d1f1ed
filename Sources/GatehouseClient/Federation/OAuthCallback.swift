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

/// What GoTrue's redirect back to the app carries after a provider's sign-in: PKCE's `?code=`,
/// or an error (`error`, `error_code`, `error_description`, in the query or the fragment).
struct OAuthCallback {
    let code: String?
    let error: APIError?

    init(_ url: URL) {
        let components = URLComponents(url: url, resolvingAgainstBaseURL: false)
        let query = Self.parameters(components?.percentEncodedQuery)
        let fragment = Self.parameters(components?.percentEncodedFragment)
        func value(_ name: String) -> String? { fragment[name] ?? query[name] }
        code = query["code"]
        guard let name = value("error") ?? value("error_code") else {
            error = nil
            return
        }
        error = APIError(
            status: 0, code: Self.code(name: name, errorCode: value("error_code")), message: value("error_description") ?? name)
    }

    /// GoTrue's own code when it sent one (older servers put the HTTP status in `error_code`);
    /// otherwise the OAuth name: `access_denied` is the provider's refusal, `server_error` and
    /// `temporarily_unavailable` a failure, anything else a callback that went wrong.
    private static func code(name: String, errorCode: String?) -> AuthErrorCode {
        if let errorCode, !errorCode.isEmpty, Int(errorCode) == nil { return AuthErrorCode(rawValue: errorCode) }
        switch name {
        case AuthErrorCode.accessDenied.rawValue: return AuthErrorCode.accessDenied
        case "server_error", "temporarily_unavailable": return .unexpectedFailure
        default: return .badOAuthCallback
        }
    }

    /// `a=1&b=2` → `["a": "1", "b": "2"]`, percent- and plus-decoded (GoTrue form-encodes).
    private static func parameters(_ encoded: String?) -> [String: String] {
        guard let encoded, !encoded.isEmpty else { return [:] }
        var result: [String: String] = [:]
        for pair in encoded.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let decode = { (text: Substring) in
                String(text).replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? String(text)
            }
            guard let name = parts.first.map(decode), !name.isEmpty, result[name] == nil else { continue }
            result[name] = parts.count > 1 ? decode(parts[1]) : ""
        }
        return result
    }
}
