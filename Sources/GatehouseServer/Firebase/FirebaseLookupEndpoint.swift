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

import Hummingbird

/// `accounts:lookup` (v3 `getAccountInfo`): an app's own account by its ID token (exactly one
/// user, or the iOS SDK fails), or, for an administrator, users by `localId` and `email` lists
/// (`users` left out when none is found). Without admin rights only the ID token counts.
struct FirebaseLookupEndpoint {
    let adapter: FirebaseAdapter

    func lookup(_ request: Request, context: FirebaseRequestContext) async throws -> Response {
        let body = try await JSONBody.decode(FirebaseRequests.Lookup.self, from: request, context: context)
        if context.caller.isAdmin, body.localId != nil || body.email != nil {
            let users = try await adapter.service.accounts.users(
                ids: (body.localId?.values ?? []).map { FirebaseLocalId.userId($0).uuidString }, emails: body.email?.values ?? [])
            var infos: [FirebaseUserInfo] = []
            for user in users {
                // Looked up by address, a user comes without its factors.
                var user = user
                if user.factors.isEmpty { user.factors = try await adapter.service.mfa.adminFactors(userId: user.id.lowercasedString) }
                infos.append(try await adapter.userInfo(user))
            }
            return try JSONBody.response(FirebasePayloads.Lookup(users: infos.isEmpty ? nil : infos))
        }
        let caller = try await adapter.caller(idToken: body.idToken)
        if let ids = body.localId?.values, ids.contains(where: { !FirebaseLocalId.names(caller.user, $0) }) {
            throw FirebaseError.insufficientPermission
        }
        var info = try await adapter.userInfo(caller.user)
        info.lastRefreshAt = FirebaseUserInfo.rfc3339(caller.session.refreshedAt)
        return try JSONBody.response(FirebasePayloads.Lookup(users: [info]))
    }
}
