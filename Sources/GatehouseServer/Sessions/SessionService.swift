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
import Logging

/// Sessions: password sign-in, refresh-token rotation, the PKCE code exchange, sign-out, and
/// resolving a caller from a bearer token or a web page's cookie (user and admin).
struct SessionService: Sendable {
    let configuration: ServerConfiguration
    let store: Store
    let hasher: PasswordHasher
    let issuer: SessionIssuer
    /// Verifies the access tokens callers present.
    let signer: TokenSigner
    let refreshTokens: RefreshTokenCodec
    /// Sign-in budget keys and PKCE authorization-code hashes.
    let tokenHasher: OneTimeTokenHasher
    let clock: ServerClock
    let logger: Logger
    /// Counts sign-ins by outcome.
    let metrics: GatehouseMetrics

    init(_ environment: ServerEnvironment) {
        configuration = environment.configuration
        store = environment.store
        hasher = environment.hasher
        issuer = environment.issuer
        signer = environment.signer
        refreshTokens = environment.refreshTokens
        tokenHasher = environment.tokenHasher
        clock = environment.clock
        logger = environment.logger
        metrics = environment.metrics
    }

    var passwordPolicy: PasswordPolicy { configuration.passwordPolicy }
}

extension SessionService {
    /// The public keys tokens can be verified with, as `/.well-known/jwks.json` lists them.
    var publicKeys: [PublicJWK] { signer.publicKeys }
}
