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

import GatehouseCore

extension AuthenticationMethod {
    /// The `amr` method of a session a Firebase custom token started.
    static let customTokenMethod = "custom"

    /// A sign-in with a custom token an app's backend minted for the account.
    static func customToken(at now: Timestamp) -> AuthenticationMethod {
        AuthenticationMethod(method: customTokenMethod, timestamp: now.secondsSinceEpoch)
    }
}

extension SessionRecord {
    /// Whether a custom token started the session (its developer claims are then kept with it).
    var isCustomTokenSession: Bool { amr.contains { $0.method == AuthenticationMethod.customTokenMethod } }
}

extension SessionService {
    /// The developer claims every ID token of `session` carries: the custom token's `claims`
    /// for a session one started, none for any other (which costs no query).
    func customTokenClaims(of session: SessionRecord) async throws(AuthError) -> [String: JSONValue] {
        guard session.isCustomTokenSession else { return [:] }
        let id = session.id
        return try await store.run { try await $0.sessions.customClaims(sessionId: id) }
    }
}
