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

extension GoTrueAPI {
    /// `GET /reauthenticate`: emails a one-time code to the signed-in user; the body is not read.
    func reauthenticate(accessToken: String) async throws {
        try await http.send(builder.request("GET", "reauthenticate", bearer: accessToken)).requireSuccess()
    }

    /// `PUT /user` with the SDK's attributes body.
    func updateUser(_ body: UserAttributesBody, redirectTo: URL?, accessToken: String) async throws -> User {
        let request = try builder.request(
            "PUT", "user", query: [("redirect_to", redirectTo?.absoluteString)], body: body, bearer: accessToken)
        return try await http.decode(User.self, from: request)
    }
}

extension AuthClient {
    /// `GET /reauthenticate`: emails the signed-in user a code to pass as `nonce` with a
    /// password change (`updateUser(password:nonce:)`) when the server asks for one
    /// (`reauthentication_needed`).
    public func reauthenticate() async throws {
        let session = try await sessions.validSession()
        try await endingDeadSessions(session) { try await api.reauthenticate(accessToken: $0) }
    }

    /// `PUT /user {password, nonce}`: a password change confirmed with `reauthenticate()`'s code.
    @discardableResult
    public func updateUser(password: String, nonce: String) async throws -> User {
        try await update(user: UserAttributes(password: password, nonce: nonce))
    }

    /// `PUT /user {email}`: starts an email change. The answer is the user with the current
    /// `email` unchanged and `newEmail` / `emailChangeSentAt` set until the links are confirmed
    /// (`verifyEmailChange`, or the link through `session(from:)`).
    @discardableResult
    public func updateUser(email: String, redirectTo: URL? = nil) async throws -> User {
        try await update(user: UserAttributes(email: email), redirectTo: redirectTo)
    }

    /// `PUT /user` with any attributes (supabase-swift's `update(user:)`). An anonymous user
    /// becomes a permanent one by setting `email` (and `password`).
    @discardableResult
    public func update(user attributes: UserAttributes, redirectTo: URL? = nil) async throws -> User {
        let session = try await sessions.validSession()
        var body = UserAttributesBody(attributes)
        if attributes.email != nil, configuration.flowType == .pkce {
            let verifier = storeVerifier(forRecovery: false)
            body.codeChallenge = PKCE.challenge(for: verifier)
            body.codeChallengeMethod = PKCE.method
        }
        let redirect = attributes.email != nil ? redirectTo ?? configuration.redirectURL : nil
        let user = try await endingDeadSessions(session) { try await api.updateUser(body, redirectTo: redirect, accessToken: $0) }
        if let updated = await sessions.replaceUser(user, ifAccessToken: session.accessToken) { events.emit(.userUpdated, updated) }
        return user
    }
}
