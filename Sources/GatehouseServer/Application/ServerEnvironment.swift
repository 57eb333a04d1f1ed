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
import Logging

/// Everything the services are built from, made once at start-up and passed down: the clock,
/// the randomness, the store, the password hasher, the token signer and codecs, the mail
/// transport and the outbox's wake-up signal, and the settings. A test builds one with
/// `live(...)` and replaces any part (`environment.clock = …`) before building services.
struct ServerEnvironment: Sendable {
    var configuration: ServerConfiguration
    /// Now, for every expiry, window and timestamp the services compute.
    var clock: ServerClock
    /// Every token, code and id the services mint.
    var random: RandomSource
    var store: Store
    var hasher: PasswordHasher
    /// Signs and verifies access tokens (JWT).
    var signer: TokenSigner
    /// Signs and verifies Firebase ID tokens: `signer`, or in development with a JWT secret a
    /// signer of the development key pair (ID tokens are RS256 with a `kid`, as Google's).
    var firebaseSigner: TokenSigner
    var refreshTokens: RefreshTokenCodec
    /// Keyed hashes of one-time secrets, budget and window keys.
    var tokenHasher: OneTimeTokenHasher
    var redirectPolicy: RedirectPolicy
    var transport: any MailTransport
    /// Nudges the outbox worker when a request queues mail.
    var outboxSignal: WakeSignal
    /// Opens once the schema is migrated; background work waits for it.
    var schemaReady: Latch
    var logger: Logger
    /// This application's metrics (`GET /metrics`); its own registry, never a global one.
    var metrics = GatehouseMetrics()
    /// Checks the ID tokens of the configured providers (their keys fetched and cached).
    var idTokenVerifier: any IDTokenVerifying = OIDCTokenVerifier.live(logger: Logger(label: "gatehouse.federation"))
    /// The providers' authorization and token endpoints, for the web flow: the settings', else
    /// their issuers' discovery documents (fetched and cached).
    var providerEndpoints = ProviderDiscovery(fetcher: HTTPDocumentFetcher())

    /// The production environment for `configuration` over `sql`, counting into `metrics` (the
    /// store's own, when it records its connection waits there).
    static func live(
        configuration: ServerConfiguration, store sql: any SQLStore, logger: Logger, clock: ServerClock = .system,
        metrics: GatehouseMetrics = GatehouseMetrics()
    ) async throws -> ServerEnvironment {
        let keys = try configuration.tokenKeys()
        let signer = await TokenSigner(
            secret: configuration.jwtSecret, keySet: keys.accessTokens, issuer: configuration.issuer, lifetime: configuration.jwtExpiry)
        let verifier = OIDCTokenVerifier.live(logger: logger)
        var firebaseSigner = signer
        if let firebaseKeys = keys.separateFirebaseKeys {
            firebaseSigner = await TokenSigner(
                secret: configuration.jwtSecret, keySet: firebaseKeys, issuer: configuration.issuer, lifetime: configuration.jwtExpiry)
        }
        return ServerEnvironment(
            configuration: configuration, clock: clock, random: .system, store: Store(sql: sql, logger: logger),
            hasher: PasswordHasher(cost: configuration.bcryptCost, timing: { metrics.recordPasswordHash($0) }),
            signer: signer, firebaseSigner: firebaseSigner,
            refreshTokens: RefreshTokenCodec(secret: configuration.jwtSecret),
            tokenHasher: OneTimeTokenHasher(secret: configuration.jwtSecret),
            redirectPolicy: RedirectPolicy(siteURL: configuration.siteURL, allowList: configuration.redirectAllowList),
            transport: try TransportFactory.make(configuration.mail, store: sql, logger: logger),
            outboxSignal: WakeSignal(), schemaReady: Latch(), logger: logger, metrics: metrics,
            idTokenVerifier: verifier, providerEndpoints: verifier.discovery
        )
    }

    /// The one-time-token minting and session issuing every service shares.
    var issuer: SessionIssuer { SessionIssuer(signer: signer, refreshTokens: refreshTokens, random: random, logger: logger) }
    var mailQueue: MailQueue {
        MailQueue(tokenHasher: tokenHasher, sendWindow: configuration.emailSendWindow, signal: outboxSignal, random: random)
    }
}
