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

import Crypto
import Foundation
import GatehouseCore

/// The checks of an ID token's claims once its signature holds: who issued it, for whom, when,
/// about whom, and the nonce. Each failure is `bad_id_token` naming the check, never a claim's
/// value.
struct IDTokenClaimChecks: Sendable {
    /// Clock difference allowed between the issuer and us, in seconds, on `exp`, `iat` and `nbf`.
    static let leeway: Double = 60

    let provider: IdentityProvider
    /// The raw nonce the client made, if any.
    let nonce: String?
    let now: Timestamp

    func check(_ claims: [String: JSONValue]) throws(AuthError) {
        try checkIssuer(claims["iss"])
        try checkAudience(claims["aud"])
        try checkTimes(claims)
        guard let subject = claims["sub"]?.stringValue, !subject.isEmpty else { throw .idTokenRefused("it names no subject (sub)") }
        try checkNonce(claims["nonce"])
    }

    /// The configured issuer; Google's tokens may carry its host without the scheme.
    func checkIssuer(_ claim: JSONValue?) throws(AuthError) {
        guard let issuer = claim?.stringValue else { throw .idTokenRefused("it names no issuer (iss)") }
        var accepted = [provider.issuer]
        if provider.kind == .google, let host = URL(string: provider.issuer)?.host, provider.issuer == "https://\(host)" {
            accepted.append(host)
        }
        guard accepted.contains(issuer) else { throw .idTokenRefused("it was issued by another issuer (iss)") }
    }

    /// One audience or several; any of the provider's client ids will do.
    func checkAudience(_ claim: JSONValue?) throws(AuthError) {
        let audiences: [String]
        switch claim {
        case .string(let one)?: audiences = [one]
        case .array(let many)?: audiences = many.compactMap(\.stringValue)
        default: throw .idTokenRefused("it names no audience (aud)")
        }
        guard audiences.contains(where: provider.clientIds.contains) else {
            throw .idTokenRefused("it is meant for another client (aud is none of this provider's client ids)")
        }
    }

    /// Not expired, not issued in the future, and valid already, each within the leeway.
    func checkTimes(_ claims: [String: JSONValue]) throws(AuthError) {
        let seconds = Double(now.microsecondsSinceEpoch) / 1_000_000
        guard case .number(let expiry)? = claims["exp"] else { throw .idTokenRefused("it has no expiry (exp)") }
        guard seconds <= expiry + Self.leeway else { throw .idTokenRefused("it has expired (exp)") }
        guard case .number(let issuedAt)? = claims["iat"] else { throw .idTokenRefused("it has no issue time (iat)") }
        guard issuedAt <= seconds + Self.leeway else { throw .idTokenRefused("it was issued in the future (iat)") }
        if let notBefore = claims["nbf"] {
            guard case .number(let start) = notBefore, start <= seconds + Self.leeway else {
                throw .idTokenRefused("it is not valid yet (nbf)")
            }
        }
    }

    /// GoTrue's rule: a nonce on one side only is refused; on both, the token's is the lowercase
    /// hex SHA-256 of the client's raw nonce (what Apple's and Google's SDKs are handed).
    func checkNonce(_ claim: JSONValue?) throws(AuthError) {
        let inToken = claim?.stringValue.flatMap { $0.isEmpty ? nil : $0 }
        let given = nonce.flatMap { $0.isEmpty ? nil : $0 }
        switch (inToken, given) {
        case (nil, nil):
            return
        case (let hashed?, let raw?):
            guard hashed == Self.hashedNonce(raw) else { throw .idTokenRefused("its nonce is not the hash of the nonce given") }
        default:
            throw .idTokenRefused("a nonce must be in both the token and the request, or in neither")
        }
    }

    /// The lowercase hex SHA-256 of `raw`'s UTF-8.
    static func hashedNonce(_ raw: String) -> String {
        SHA256.hash(data: Data(raw.utf8)).map { String(format: "%02x", $0) }.joined()
    }
}

extension VerifiedIdentity {
    /// The identity a checked token describes. Apple sends `email_verified` and
    /// `is_private_email` as the strings `"true"` and `"false"` as often as booleans.
    init(provider: String, checkedClaims claims: [String: JSONValue]) {
        func text(_ name: String) -> String? { claims[name]?.stringValue.flatMap { $0.isEmpty ? nil : $0 } }
        func flag(_ name: String) -> Bool {
            switch claims[name] {
            case .bool(let value)?: value
            case .string(let value)?: value.lowercased() == "true"
            default: false
            }
        }
        self.init(
            provider: provider, subject: text("sub") ?? "", email: text("email"), emailVerified: flag("email_verified"),
            isPrivateEmail: flag("is_private_email"), name: text("name"), picture: text("picture"), claims: claims)
    }
}
