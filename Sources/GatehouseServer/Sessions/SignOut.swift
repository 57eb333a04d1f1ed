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

extension SignOutScope {
    /// Core's parsing, with GoTrue's error for a value that names no scope.
    init(parameter: String?) throws(AuthError) {
        guard let scope = SignOutScope(queryParameter: parameter) else {
            throw .validation("Unsupported logout scope \"\(parameter ?? "")\"")
        }
        self = scope
    }
}

extension SessionService {
    func signOut(_ caller: Authenticated, scope: SignOutScope) async throws(AuthError) {
        let session = caller.session
        let event = AuditEvent(.logout, caller.user, traits: ["scope": "\(scope)"])
        let now = clock.now()
        try await store.run(.transaction) { database in
            try await database.audit(event, at: now)
            switch scope {
            case .global: try await database.sessions.deleteAll(userId: session.userId)
            case .local: try await database.sessions.delete(id: session.id)
            case .others: try await database.sessions.deleteAll(userId: session.userId, except: session.id)
            }
        }
    }
}
