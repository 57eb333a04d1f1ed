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
import Hummingbird

/// `accounts:update` (v3 `setAccountInfo`).
/// - An app, by ID token: `displayName` (or `deleteAttribute: ["DISPLAY_NAME"]`) and `password`.
///   A new password follows the same rules as `PUT /user` (policy, a recent sign-in), then every
///   earlier session and token is revoked and the answer carries new tokens, which the iOS SDK
///   swaps in (without them the user would be signed out). The new session keeps the second
///   factor the caller's had proved.
/// - An administrator, by `localId`: also `email`, `emailVerified`, `disableUser` and
///   `validSince` (firebase-admin's `update_user` and `revoke_refresh_tokens`).
struct FirebaseUpdateEndpoint {
    let adapter: FirebaseAdapter

    func update(_ request: Request, context: FirebaseRequestContext) async throws -> Response {
        let body = try await JSONBody.decode(FirebaseRequests.Update.self, from: request, context: context)
        if context.caller.isAdmin, body.localId != nil { return try await adminUpdate(body) }
        let caller = try await adapter.caller(idToken: body.idToken)
        if let localId = body.localId, !FirebaseLocalId.names(caller.user, localId) {
            throw FirebaseError.insufficientPermission
        }
        if let email = body.email, (try? EmailAddress(validating: email))?.normalized != caller.user.email {
            throw FirebaseError.named("OPERATION_NOT_ALLOWED", "Please verify the new email before changing email.")
        }
        if let password = body.password, password.isEmpty { throw FirebaseError.named("MISSING_PASSWORD") }
        let change = UserUpdateRequest(password: body.password, data: Self.metadata(body))
        let user = try await adapter.service.accounts.updateUser(caller, with: change)
        var tokens: FirebaseTokenSet?
        if body.password != nil {
            let mfa = adapter.service.mfa
            let secondFactor = try await mfa.secondFactor(of: caller.session, user: caller.user)
            let restarted = try await adapter.service.sessions.restartAfterPasswordChange(caller, client: context.client)
            let session = try await mfa.carryOverSecondFactor(from: caller.session, to: restarted, factor: secondFactor)
            tokens = try await adapter.tokens(user: user, session: session)
        }
        return try answer(user, tokens: tokens)
    }

    private func adminUpdate(_ body: FirebaseRequests.Update) async throws -> Response {
        guard let localId = body.localId else { throw FirebaseError.named("USER_NOT_FOUND") }
        let change = AdminUserRequest(
            email: body.email, password: body.password, emailConfirm: body.emailVerified, userMetadata: Self.metadata(body),
            appMetadata: nil, banDuration: body.disableUser.map { $0 ? FirebaseAdapter.disabledBanDuration : "none" }, role: nil)
        let user = try await adapter.service.accounts.adminUpdateUser(id: FirebaseLocalId.userId(localId).uuidString, with: change)
        if body.password != nil {
            try await adapter.service.sessions.revokeTokens(userId: user.id)
        }
        if let validSince = body.validSince {
            guard let seconds = validSince.seconds, seconds >= 0 else { throw FirebaseError.named("INVALID_ARGUMENT", "validSince") }
            try await adapter.service.sessions.revokeTokens(userId: user.id, at: Timestamp(microsecondsSinceEpoch: seconds * 1_000_000))
        }
        return try answer(user, tokens: nil)
    }

    /// The metadata change a `displayName` or `deleteAttribute: ["DISPLAY_NAME"]` asks for.
    private static func metadata(_ body: FirebaseRequests.Update) -> [String: JSONValue]? {
        if body.deleteAttribute?.contains("DISPLAY_NAME") == true { return FirebaseAdapter.metadata(displayName: "") }
        return FirebaseAdapter.metadata(displayName: body.displayName)
    }

    private func answer(_ user: UserRecord, tokens: FirebaseTokenSet?) throws -> Response {
        let info = FirebaseUserInfo(
            user, validSince: user.createdAt, now: adapter.service.environment.clock.now(),
            providers: adapter.service.configuration.external)
        return try JSONBody.response(
            FirebasePayloads.Update(
                localId: info.localId, email: info.email, displayName: info.displayName, emailVerified: info.emailVerified,
                passwordHash: info.passwordHash, providerUserInfo: info.providerUserInfo, idToken: tokens?.idToken,
                refreshToken: tokens?.refreshToken, expiresIn: tokens.map { String($0.expiresIn) }))
    }
}
