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

/// `POST /signup` without credentials: `{}` or `{"data": …}` (gotrue-extended §8.1).
struct AnonymousSignUpRequest: Encodable, Sendable {
    var data: [String: JSONValue]?
}

extension GoTrueAPI {
    func signInAnonymously(_ body: AnonymousSignUpRequest) async throws -> Session {
        try await http.decode(Session.self, from: builder.request("POST", "signup", body: body))
    }
}

extension AuthClient {
    /// Signs in as a new anonymous user (the server must allow it: GoTrue's
    /// `anonymous_provider_disabled` otherwise). The user has `isAnonymous == true` and no
    /// email; `updateUser(email:)` (with a password) turns it into a permanent account.
    @discardableResult
    public func signInAnonymously(data: [String: JSONValue]? = nil, rememberMe: Bool = true) async throws -> Session {
        let session = try await api.signInAnonymously(AnonymousSignUpRequest(data: data))
        events.emit(.signedIn, await sessions.adopt(session, remember: rememberMe))
        return session
    }
}
