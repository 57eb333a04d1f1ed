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
import Logging

/// A session started by a provider identity, and whether the sign-in made the account.
struct FederatedSession: Sendable {
    var issued: IssuedSession
    var isNewUser: Bool
    var identity: IdentityRecord
}

/// Sign-in with Apple, Google and OpenID Connect issuers: the provider's ID token checked, the
/// identity found, linked to the account that has its address, or made into a new account —
/// under `AccountLifecycle`'s rules, for GoTrue's and Firebase's adapters alike.
struct FederationService: Sendable {
    let providers: ExternalProviders
    let verifier: any IDTokenVerifying
    let signupDisabled: Bool
    let store: Store
    let issuer: SessionIssuer
    let clock: ServerClock
    let random: RandomSource
    let logger: Logger

    init(_ environment: ServerEnvironment) {
        providers = environment.configuration.external
        verifier = environment.idTokenVerifier
        signupDisabled = environment.configuration.signupDisabled
        store = environment.store
        issuer = environment.issuer
        clock = environment.clock
        random = environment.random
        logger = environment.logger
    }

    /// The enabled provider a client names, refused as GoTrue does: a provider Gatehouse knows
    /// but the settings leave off is `provider_disabled`, any other name `validation_failed`.
    func provider(named name: String?) throws(AuthError) -> IdentityProvider {
        guard let name, !name.isEmpty else { throw .validation("A provider is required") }
        if let provider = providers.provider(named: name) { return provider }
        let known = IdentityProvider.Kind.allCases.filter { $0 != .oidc }
        if known.contains(where: { $0.rawValue == name || IdentityProvider.firebaseProviderId(of: $0, name: name) == name }) {
            throw AuthError(.providerDisabled, kind: .invalidRequest, "Provider \(name) is not enabled")
        }
        throw .validation("Provider \(name.prefix(64)) is not allowed")
    }

    /// `POST /token?grant_type=id_token` and Firebase's `signInWithIdp` with an ID token.
    func signIn(
        idToken: String?, provider name: String?, nonce: String?, profile: SuppliedProfile?, over authProtocol: AuthProtocol,
        client: ClientInfo
    ) async throws(AuthError) -> FederatedSession {
        let verified = try await verify(idToken: idToken, provider: name, nonce: nonce)
        return try await signIn(verified, profile: profile, over: authProtocol, client: client)
    }

    /// The identity an ID token proves, every check of `IDTokenVerifying` passed.
    func verify(idToken: String?, provider name: String?, nonce: String?) async throws(AuthError) -> VerifiedIdentity {
        guard let idToken, !idToken.isEmpty else { throw .validation("An id_token is required") }
        let provider = try provider(named: name)
        let nonce = nonce.flatMap { $0.isEmpty ? nil : $0 }
        do {
            return try await verifier.verify(idToken: idToken, from: provider, nonce: nonce, now: clock.now())
        } catch {
            await store.audit(
                AuditEvent(.loginFailed, traits: ["provider": provider.name, "reason": error.code.rawValue]), at: clock.now())
            throw error
        }
    }
}
