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
import HummingbirdCore

/// securetoken's `POST /v1/token`: a refresh, with the session's rotation. The body is a form
/// (`grant_type=refresh_token&refresh_token=…`, the REST docs) or JSON (`grantType`,
/// `refreshToken`: the iOS SDK); the answer is snake_case with `access_token` = `id_token`.
/// A revoked session is `TOKEN_EXPIRED` and a deleted user `USER_NOT_FOUND` (the iOS SDK signs
/// the user out on those, not on `INVALID_REFRESH_TOKEN`, which is for tokens never issued).
struct FirebaseSecureTokenEndpoint {
    let adapter: FirebaseAdapter

    func token(_ request: Request, context: FirebaseRequestContext) async throws -> Response {
        let body = try await Self.body(request, context: context)
        guard let grant = body.grantType, !grant.isEmpty else { throw FirebaseError.named("MISSING_GRANT_TYPE") }
        guard grant == "refresh_token" else { throw FirebaseError.named("INVALID_GRANT_TYPE") }
        guard let presented = body.refreshToken, !presented.isEmpty else { throw FirebaseError.named("MISSING_REFRESH_TOKEN") }
        guard let (sessionToken, userId) = adapter.tokens.wrapper.unwrap(presented),
            adapter.tokens.refreshTokens.decode(sessionToken) != nil
        else { throw FirebaseError.named("INVALID_REFRESH_TOKEN") }
        let issued: IssuedSession
        do {
            issued = try await adapter.service.sessions.refresh(token: sessionToken, client: context.client, over: .firebase)
        } catch  where [.refreshTokenNotFound, .refreshTokenAlreadyUsed, .sessionExpired].contains(error.code) {
            throw try await revoked(userId: userId)
        } catch  where error.code == .validationFailed {
            throw FirebaseError.named("INVALID_REFRESH_TOKEN")
        }
        let tokens = try await adapter.tokens(user: issued.user, session: issued.session)
        return try JSONBody.response(
            FirebasePayloads.Token(
                accessToken: tokens.idToken, expiresIn: String(tokens.expiresIn), refreshToken: tokens.refreshToken,
                idToken: tokens.idToken, userId: FirebaseLocalId.of(issued.user), projectId: adapter.tokens.projectId))
    }

    /// Why a refresh token no longer works: its user is gone, disabled, or it was revoked.
    private func revoked(userId: UUID?) async throws -> FirebaseError {
        guard let userId else { return .named("TOKEN_EXPIRED") }
        let found = try await adapter.service.accounts.users(ids: [userId.uuidString], emails: [])
        guard let user = found.first else { return .named("USER_NOT_FOUND") }
        if user.isBanned(at: adapter.service.environment.clock.now()) { return .named("USER_DISABLED") }
        return .named("TOKEN_EXPIRED")
    }

    /// The form or JSON body, by its Content-Type.
    private static func body(_ request: Request, context: FirebaseRequestContext) async throws -> FirebaseRequests.Token {
        let contentType = request.headers[.contentType]?.lowercased() ?? ""
        guard contentType.hasPrefix("application/x-www-form-urlencoded") else {
            return try await JSONBody.decode(FirebaseRequests.Token.self, from: request, context: context)
        }
        let buffer = try await request.body.collect(upTo: context.maxUploadSize)
        let form = URI(String("/?") + String(buffer: buffer)).queryParameters
        return FirebaseRequests.Token(grantType: form.get("grant_type"), refreshToken: form.get("refresh_token"))
    }
}
