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
import Hummingbird

/// `accounts:delete` (v3 `deleteAccount`): an app deletes its own account by ID token; an
/// administrator any account by `localId` (firebase-admin's `delete_user`, which needs `kind`
/// in the answer). An ID token alone is not enough: the deletion takes the proof a new
/// password takes (`requireAccountDeletionProof`: the second factor of an account that has one,
/// a recent sign-in), else `CREDENTIAL_TOO_OLD_LOGIN_AGAIN`, and the SDKs ask to sign in again.
struct FirebaseDeleteEndpoint {
    let adapter: FirebaseAdapter

    func delete(_ request: Request, context: FirebaseRequestContext) async throws -> Response {
        let body = try await JSONBody.decode(FirebaseRequests.Delete.self, from: request, context: context)
        if context.caller.isAdmin, let localId = body.localId {
            try await adapter.service.accounts.adminDeleteUser(id: FirebaseLocalId.userId(localId).uuidString)
            return try JSONBody.response(FirebasePayloads.Delete())
        }
        let caller = try await adapter.caller(idToken: body.idToken)
        if let localId = body.localId, !FirebaseLocalId.names(caller.user, localId) {
            throw FirebaseError.insufficientPermission
        }
        try await adapter.service.accounts.requireAccountDeletionProof(caller)
        try await adapter.service.accounts.deleteOwnAccount(caller)
        return try JSONBody.response(FirebasePayloads.Delete())
    }
}
