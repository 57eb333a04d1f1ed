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

/// What the verifiers check against: the server's WebAuthn settings and policy choices.
/// The defaults are GoTrue's behaviour (user verification "preferred", so not required; a
/// non-increasing counter only noted; all three algorithms).
public struct RelyingParty: Sendable {
    /// The RP ID (`GATEHOUSE_WEBAUTHN_RP_ID`), a bare domain; authenticator data must carry its SHA-256.
    public var id: String
    /// Allowed origins (`GATEHOUSE_WEBAUTHN_RP_ORIGINS`).
    public var origins: OriginMatcher
    /// Require UV (0x04). GoTrue asks for "preferred", under which UV is not required.
    public var requiresUserVerification: Bool
    /// The algorithms advertised in `pubKeyCredParams`; a key with another algorithm is refused.
    public var algorithms: [COSEAlgorithm]
    /// Accept ceremonies run in a cross-origin iframe (`crossOrigin: true`). Gatehouse's pages are
    /// never framed, so off; when on, a `topOrigin` must also be an allowed origin.
    public var allowsCrossOrigin: Bool
    /// Refuse an assertion whose counter did not increase (a possible cloned authenticator).
    /// Off as in GoTrue: synced passkeys keep 0, and the result reports the regression.
    public var refusesCounterRegression: Bool
    /// Certificate-based attestation formats, which this library does not verify (no trust anchors).
    public var unverifiableAttestation: UnverifiableAttestationPolicy

    public init(
        id: String,
        origins: [String],
        requiresUserVerification: Bool = false,
        algorithms: [COSEAlgorithm] = [.es256, .eddsa, .rs256],
        allowsCrossOrigin: Bool = false,
        refusesCounterRegression: Bool = false,
        unverifiableAttestation: UnverifiableAttestationPolicy = .acceptAsNone
    ) {
        self.id = id
        self.origins = OriginMatcher(allowedOrigins: origins)
        self.requiresUserVerification = requiresUserVerification
        self.algorithms = algorithms
        self.allowsCrossOrigin = allowsCrossOrigin
        self.refusesCounterRegression = refusesCounterRegression
        self.unverifiableAttestation = unverifiableAttestation
    }
}
