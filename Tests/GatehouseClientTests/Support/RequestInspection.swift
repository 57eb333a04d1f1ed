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

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension URLRequest {
    /// The JSON body as objects (nested values, booleans), or nil when there is none.
    var jsonObject: [String: Any]? {
        guard let body = httpBody else { return nil }
        return try? JSONSerialization.jsonObject(with: body) as? [String: Any]
    }

    /// The body's text (form bodies).
    var bodyText: String { httpBody.map { String(decoding: $0, as: UTF8.self) } ?? "" }

    /// A query item of the URL.
    func query(_ name: String) -> String? {
        url.flatMap { URLComponents(url: $0, resolvingAgainstBaseURL: false)?.queryItems?.first(where: { $0.name == name })?.value }
    }
}

/// GoTrue answers for the extended calls' tests.
enum ScriptedExtended {
    /// A JWT whose payload is `claims` (header and signature are placeholders: the SDK does not verify).
    static func jwt(_ claims: String) -> String {
        let payload = Data(claims.utf8).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
        return "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.\(payload).c2lnbmF0dXJl"
    }

    static let verifiedFactor =
        #"{"id":"f1000000-0000-4000-8000-000000000001","friendly_name":"phone","factor_type":"totp","status":"verified","created_at":"2026-01-01T00:00:00Z","updated_at":"2026-01-01T00:00:00Z"}"#
    static let unverifiedFactor =
        #"{"id":"f2000000-0000-4000-8000-000000000002","factor_type":"totp","status":"unverified","created_at":"2026-01-01T00:00:00Z","updated_at":"2026-01-01T00:00:00Z","last_challenged_at":null}"#

    /// A session for alice with the given access token, expiring at `expiresAt`, and extra user fields.
    static func session(accessToken: String, refreshToken: String = "refresh-1", expiresAt: Date, userExtra: String = "") -> String {
        let at = Int64(expiresAt.timeIntervalSince1970)
        let user =
            #"{"id":"\#(Scripted.alice)","aud":"authenticated","role":"authenticated","email":"alice@example.com","app_metadata":{},"user_metadata":{},"identities":[],"created_at":"2026-01-01T00:00:00Z","updated_at":"2026-01-01T00:00:00Z"\#(userExtra)}"#
        return
            #"{"access_token":"\#(accessToken)","token_type":"bearer","expires_in":3600,"expires_at":\#(at),"refresh_token":"\#(refreshToken)","user":\#(user)}"#
    }
}
