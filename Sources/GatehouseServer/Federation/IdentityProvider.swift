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

/// One OpenID Connect provider a person may sign in with: Apple, Google, or an issuer the
/// operator names. What the settings (`GATEHOUSE_EXTERNAL_*`) say about it, nothing fetched.
struct IdentityProvider: Sendable, Equatable {
    /// Which provider's rules apply: Apple's and Google's quirks, or plain OpenID Connect.
    enum Kind: String, Sendable, Equatable, CaseIterable {
        case apple
        case google
        case oidc
    }

    /// The wire name clients send (`provider` on GoTrue; `providerId` on Firebase is
    /// `firebaseProviderId`): `apple`, `google`, or the operator's name for its own issuer.
    var name: String
    /// What the pages' buttons say: "Continue with <displayName>".
    var displayName: String
    var kind: Kind
    /// Every audience an ID token may name: the iOS bundle id, the web service id, …
    /// The first is the client id of the web redirect flow.
    var clientIds: [String]
    /// The web redirect flow's client secret. Apple's is minted from `appleKey` when unset.
    var clientSecret: Secret<String>?
    /// Apple's signing key (team id, key id, the `.p8`'s PEM) to mint its client secret.
    var appleKey: AppleClientSecretKey?
    /// The `iss` an ID token must carry (Google's tokens may also say `accounts.google.com`).
    var issuer: String
    /// Where the signing keys are; nil: from the issuer's discovery document.
    var jwksURL: String?
    /// The web redirect flow's endpoints; nil: from the issuer's discovery document.
    var authorizationURL: String?
    var tokenURL: String?
    /// Scopes asked for in the web redirect flow.
    var scopes: [String]

    /// Firebase's `providerId` for this provider (`apple.com`, `google.com`, `oidc.<name>`).
    var firebaseProviderId: String { Self.firebaseProviderId(of: kind, name: name) }

    static func firebaseProviderId(of kind: Kind, name: String) -> String {
        switch kind {
        case .apple: "apple.com"
        case .google: "google.com"
        case .oidc: "oidc.\(name)"
        }
    }
}

/// Apple's key for minting the client secret of its web flow (a short-lived ES256 JWT).
struct AppleClientSecretKey: Sendable, Equatable {
    var teamId: String
    var keyId: String
    var privateKeyPEM: Secret<String>
}

/// Whether a provider identity may join an account that already has its address.
enum IdentityLinking: String, Sendable, Equatable {
    /// Only when the provider asserts the address verified and the account's address is
    /// confirmed; otherwise the sign-in is refused with a clear error.
    case verifiedAddresses = "verified"
    /// Never: an address that already has an account is refused.
    case never
}

/// The providers the settings enable, and the linking rule.
struct ExternalProviders: Sendable, Equatable {
    var providers: [IdentityProvider] = []
    var linking: IdentityLinking = .verifiedAddresses

    /// The enabled provider a client names (GoTrue's `provider`, or Firebase's `providerId`).
    func provider(named name: String) -> IdentityProvider? {
        providers.first { $0.name == name || $0.firebaseProviderId == name }
    }
}

/// What a verified ID token says about the person: the subject and the claims Gatehouse uses.
struct VerifiedIdentity: Sendable, Equatable {
    var provider: String
    /// `sub`: the person's stable id at the provider.
    var subject: String
    var email: String?
    /// `email_verified` (Apple sends it as `"true"`/`"false"` strings too).
    var emailVerified: Bool
    /// Apple's private relay address (`is_private_email`).
    var isPrivateEmail: Bool
    var name: String?
    var picture: String?
    /// Every claim of the token, kept as the identity's `identity_data`.
    var claims: [String: JSONValue]
}

/// Checks an ID token: signature by the issuer's keys, `iss`, `aud`, `exp`/`iat`, the nonce.
protocol IDTokenVerifying: Sendable {
    /// `nonce`: the raw nonce the client made; the token must carry its SHA-256 in hex (or no
    /// nonce on either side). Throws `AuthError`s a client can act on, never a key or a token.
    func verify(idToken: String, from provider: IdentityProvider, nonce: String?, now: Timestamp) async throws(AuthError)
        -> VerifiedIdentity
}
