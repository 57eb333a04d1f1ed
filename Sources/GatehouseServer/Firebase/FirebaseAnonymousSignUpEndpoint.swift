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
import NIOCore

/// Anonymous accounts over Firebase, in front of the sign-up and update endpoints:
/// - `accounts:signUp` (v3 `signupNewUser`) from an app with neither `email` nor `password` (the
///   SDKs' `signInAnonymously`): a new anonymous account and its tokens, under the same switch
///   and hourly budget as GoTrue's (`GATEHOUSE_EXTERNAL_ANONYMOUS_USERS_ENABLED`; off, Google's
///   `ADMIN_ONLY_OPERATION`). Its ID tokens have no `email`, `provider_id` `anonymous` and
///   `sign_in_provider` `anonymous`.
/// - `accounts:signUp` or `accounts:update` with an anonymous account's `idToken`, an `email`
///   and a `password` (`linkWithCredential` of an email credential): the account keeps its uid
///   and gains the address and password (`AccountService.convertAnonymous`); new tokens answer.
/// Every other request goes on to the endpoint registered before.
struct FirebaseAnonymousSignUpEndpoint: Sendable {
    let adapter: FirebaseAdapter

    /// The fields that choose the path; the endpoint behind reads the whole body again.
    struct Probe: Decodable {
        var email: String?
        var password: String?
        var idToken: String?
        var displayName: String?
    }

    struct SignUpAnswer: Encodable {
        var kind = "identitytoolkit#SignupNewUserResponse"
        var localId: String
        var email: String?
        var displayName: String?
        var idToken: String
        var refreshToken: String
        var expiresIn: String
    }

    /// Call once `signUp` and `update` are in the table: they become what this passes requests on to.
    static func register(in table: inout FirebaseRPCTable, adapter: FirebaseAdapter) {
        let endpoint = FirebaseAnonymousSignUpEndpoint(adapter: adapter)
        if let signUp = table.rpc(named: "signUp") {
            table.register("signUp", limit: signUp.limit) { try await endpoint.signUp($0, $1, otherwise: signUp.handler) }
        }
        if let update = table.rpc(named: "update") {
            table.register("update", limit: update.limit) { try await endpoint.update($0, $1, otherwise: update.handler) }
        }
    }

    func signUp(_ request: Request, _ context: FirebaseRequestContext, otherwise: FirebaseRPC.Handler) async throws -> Response {
        var request = request
        guard !context.caller.isAdmin, context.addressing != .project, let probe = try await Self.probe(&request, context) else {
            return try await otherwise(request, context)
        }
        if let idToken = probe.idToken {
            let email = try FirebaseAdapter.email(probe.email)
            let password = try FirebaseAdapter.password(probe.password)
            let signedIn = try await convert(idToken: idToken, email: email, password: password, probe, context)
            let tokens = try await adapter.tokens(user: signedIn.user, session: signedIn.session)
            return try JSONBody.response(
                SignUpAnswer(
                    localId: FirebaseLocalId.of(signedIn.user), email: signedIn.user.email,
                    displayName: FirebaseUserInfo.displayName(of: signedIn.user), idToken: tokens.idToken,
                    refreshToken: tokens.refreshToken, expiresIn: String(tokens.expiresIn)))
        }
        guard probe.email == nil, probe.password == nil else { return try await otherwise(request, context) }
        let issued = try await signUpAnonymously(context)
        let tokens = try await adapter.tokens(user: issued.user, session: issued.session)
        return try JSONBody.response(
            SignUpAnswer(
                localId: FirebaseLocalId.of(issued.user), idToken: tokens.idToken, refreshToken: tokens.refreshToken,
                expiresIn: String(tokens.expiresIn)))
    }

    func update(_ request: Request, _ context: FirebaseRequestContext, otherwise: FirebaseRPC.Handler) async throws -> Response {
        var request = request
        guard !context.caller.isAdmin, let probe = try await Self.probe(&request, context), let idToken = probe.idToken,
            let email = probe.email, !email.isEmpty, let password = probe.password, !password.isEmpty
        else { return try await otherwise(request, context) }
        let caller = try await adapter.caller(idToken: idToken)
        guard caller.user.isAnonymous else { return try await otherwise(request, context) }
        let signedIn = try await convert(caller, email: try FirebaseAdapter.email(email), password: password, probe, context)
        let tokens = try await adapter.tokens(user: signedIn.user, session: signedIn.session)
        let info = try await adapter.userInfo(signedIn.user)
        return try JSONBody.response(
            FirebasePayloads.Update(
                localId: info.localId, email: signedIn.user.email, displayName: info.displayName, emailVerified: info.emailVerified,
                passwordHash: info.passwordHash, providerUserInfo: info.providerUserInfo, idToken: tokens.idToken,
                refreshToken: tokens.refreshToken, expiresIn: String(tokens.expiresIn)))
    }

    /// The anonymous sign-up; with anonymous sign-ins off, Google's answer for a provider the
    /// project has not enabled.
    private func signUpAnonymously(_ context: FirebaseRequestContext) async throws -> IssuedSession {
        do {
            return try await adapter.service.accounts.signUpAnonymously(data: [:], client: context.client)
        } catch {
            if error.code == .anonymousProviderDisabled { throw FirebaseError.named("ADMIN_ONLY_OPERATION") }
            throw error
        }
    }

    private func convert(
        idToken: String, email: String, password: String, _ probe: Probe, _ context: FirebaseRequestContext
    ) async throws -> SignedInUser {
        let caller = try await adapter.caller(idToken: idToken)
        guard caller.user.isAnonymous else {
            throw FirebaseError.named("PROVIDER_ALREADY_LINKED", "The account already has an email address.")
        }
        return try await convert(caller, email: email, password: password, probe, context)
    }

    private func convert(
        _ caller: Authenticated, email: String, password: String, _ probe: Probe, _ context: FirebaseRequestContext
    ) async throws -> SignedInUser {
        let address = try EmailAddress(validating: email)
        return try await adapter.service.accounts.convertAnonymous(
            caller, email: address, password: password, userMetadata: FirebaseAdapter.metadata(displayName: probe.displayName),
            client: context.client)
    }

    /// The body's choosing fields, the body kept in the request; nil when it is no JSON object
    /// (the endpoint behind answers that).
    private static func probe(_ request: inout Request, _ context: FirebaseRequestContext) async throws -> Probe? {
        let buffer: ByteBuffer
        do {
            buffer = try await request.collectBody(upTo: context.maxUploadSize)
        } catch is NIOTooManyBytesError {
            throw AuthError(.requestTooLarge, kind: .tooLarge)
        }
        guard JSONShape.check(buffer.readableBytesView, maximumDepth: JSONBody.maximumDepth) == nil else { return nil }
        return try? JSONDecoder().decode(Probe.self, from: Data(buffer: buffer))
    }
}
