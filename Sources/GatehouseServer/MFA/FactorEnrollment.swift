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
import GatehouseQRCode

/// What enrolling answers: the new (unverified) factor and, this once, its secret.
struct FactorEnrollment: Sendable {
    var factor: FactorRecord
    var secret: String
    var uri: String
    var qrCodeSVG: String
}

extension MFAService {
    /// `POST /factors`: a new unverified TOTP factor with a fresh 160-bit secret.
    func enroll(
        _ caller: Authenticated, factorType: String?, friendlyName: String?, issuer requestedIssuer: String?
    ) async throws(AuthError) -> FactorEnrollment {
        try caller.refuseAnonymousFactorCalls()
        guard factorType == "totp" || factorType == "phone" || factorType == "webauthn" else {
            throw .validation("factor_type needs to be totp, phone, or webauthn")
        }
        guard factorType == "totp" else {
            throw AuthError(.mfaTOTPEnrollDisabled, kind: .refused, "Only TOTP factors are supported")
        }
        guard settings.totpEnrollEnabled else {
            throw AuthError(.mfaTOTPEnrollDisabled, kind: .refused)
        }
        let now = clock.now()
        try AccountLifecycle.requireMayAdd(.factor, to: caller.user, at: now)
        let secretBytes = random.bytes(20)
        let factor = FactorRecord(
            id: random.uuid(), userId: caller.user.id, friendlyName: friendlyName ?? "", factorType: "totp",
            status: .unverified, secret: Base32.encode(secretBytes), lastChallengedAt: nil, createdAt: now, updatedAt: now
        )
        let limits = settings
        let staleBefore = Timestamp(microsecondsSinceEpoch: now.microsecondsSinceEpoch - Int64(limits.factorExpiry) * 1_000_000)
        if caller.needsSecondFactor {
            throw AuthError(.insufficientAAL, kind: .forbidden, "AAL2 required to enroll a new factor")
        }
        try await store.run(.transaction) { work in
            // The user's row lock serializes concurrent enrolments, so the limits below hold.
            _ = try await work.users.find(id: factor.userId, lockedForUpdate: true)
            try await work.mfaFactors.deleteUnverified(userId: factor.userId, staleBefore: staleBefore)
            let existing = try await work.mfaFactors.list(userId: factor.userId)
            if existing.contains(where: { $0.friendlyName == factor.friendlyName }) {
                throw AuthError(
                    .mfaFactorNameConflict, kind: .refused,
                    "A factor with the friendly name \"\(factor.friendlyName)\" for this user already exists")
            }
            if existing.count >= limits.maxEnrolledFactors || existing.filter(\.isVerified).count >= limits.maxVerifiedFactors {
                throw AuthError(
                    .tooManyEnrolledFactors, kind: .refused)
            }
            guard try await work.mfaFactors.insert(factor) else {
                throw AuthError(
                    .mfaFactorNameConflict, kind: .refused,
                    "A factor with the friendly name \"\(factor.friendlyName)\" for this user already exists")
            }
            try await work.audit(.factor(.factorEnrolled, factor), at: factor.createdAt)
        }
        let issuer = requestedIssuer.flatMap { $0.isEmpty ? nil : $0 } ?? defaultIssuer
        let uri = Self.otpauthURI(issuer: issuer, account: caller.user.email, secret: factor.secret)
        return FactorEnrollment(factor: factor, secret: factor.secret, uri: uri, qrCodeSVG: QRCode.encode(uri)?.svg() ?? "")
    }

    /// GoTrue's default issuer: the site URL's host and port.
    var defaultIssuer: String {
        guard let url = URLComponents(string: configuration.siteURL), let host = url.host else { return "Gatehouse" }
        return url.port.map { "\(host):\($0)" } ?? host
    }

    /// The Key Uri Format authenticator apps read: `otpauth://totp/<issuer>:<account>?…`.
    static func otpauthURI(issuer: String, account: String, secret: String) -> String {
        let unreserved = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~"
        // The label is a path segment (RFC 3986 pchar: ':' and '@' stay), the issuer a query value.
        let label =
            "\(issuer):\(account)".addingPercentEncoding(
                withAllowedCharacters: CharacterSet(charactersIn: unreserved + "!$'()*+,;=:@")) ?? account
        let issuerParameter = issuer.addingPercentEncoding(withAllowedCharacters: CharacterSet(charactersIn: unreserved)) ?? issuer
        return "otpauth://totp/\(label)?algorithm=SHA1&digits=6&issuer=\(issuerParameter)&period=30&secret=\(secret)"
    }
}
