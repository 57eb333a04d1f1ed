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
import GatehouseWebAuthn
import Logging

/// Passkeys (WebAuthn first-factor sign-in): registration for a signed-in user, sign-in
/// for anyone, the user's list, rename and removal, and the admin list and removal. One file per
/// operation. Verification itself is the `GatehouseWebAuthn` module's; this service owns the
/// challenges (stored, single use, expiring), the credentials and the sessions a sign-in starts.
///
/// Operations take domain values and return domain values (`PasskeyChallenge`, `PasskeySummary`,
/// `PasskeySignIn`), so the GoTrue endpoints and the web pages call the same code; what they
/// return names the passkey, so a caller can record "passkey added / used / removed".
struct PasskeyService: Sendable {
    let configuration: ServerConfiguration
    let store: Store
    let issuer: SessionIssuer
    let clock: ServerClock
    let random: RandomSource
    let logger: Logger

    init(_ environment: ServerEnvironment) {
        configuration = environment.configuration
        store = environment.store
        issuer = environment.issuer
        clock = environment.clock
        random = environment.random
        logger = environment.logger
    }

    var settings: ServerConfiguration.PasskeyConfiguration { configuration.passkeys }

    /// The relying party the verifiers check against: GoTrue's policies (UV preferred, so not
    /// required; counter regressions reported, not refused) and the three algorithms verified.
    var relyingParty: RelyingParty {
        RelyingParty(id: settings.rpID ?? "localhost", origins: settings.rpOrigins)
    }

    /// The feature switch (the routes' gate says it first; the pages call this).
    func requireEnabled() throws(AuthError) {
        guard settings.enabled else { throw .passkeyDisabled }
    }

    /// Seconds a ceremony's `timeout` tells the browser (GoTrue's 5 minutes).
    static let ceremonyTimeoutMilliseconds = 300_000
}

extension AuthError {
    static let passkeyDisabled = AuthError(.passkeyDisabled, kind: .notFound)
    static let tooManyPasskeys = AuthError(.tooManyPasskeys, kind: .refused)
    static let webAuthnChallengeNotFound = AuthError(
        .webAuthnChallengeNotFound, kind: .invalidRequest)
    static let webAuthnChallengeExpired = AuthError(.webAuthnChallengeExpired, kind: .invalidRequest)
    static let webAuthnVerificationFailed = AuthError(
        .webAuthnVerificationFailed, kind: .invalidRequest)
    static let webAuthnCredentialExists = AuthError(
        .webAuthnCredentialExists, kind: .refused)
    static let passkeyNotFound = AuthError(.validationFailed, kind: .notFound, "Passkey not found")
}
