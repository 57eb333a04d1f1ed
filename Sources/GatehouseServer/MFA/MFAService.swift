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

/// Multi-factor authentication with TOTP factors: enrolment, challenge, verification (raising the
/// session to aal2), unenrolment, and the admin API's factor list and removal. One file per
/// operation. Its own service (not `AccountService`): it needs the session issuer and the attempt
/// budgets as well as the accounts, and its rules (assurance levels) are its own.
struct MFAService: Sendable {
    let configuration: ServerConfiguration
    let store: Store
    let issuer: SessionIssuer
    let clock: ServerClock
    let random: RandomSource

    init(_ environment: ServerEnvironment) {
        configuration = environment.configuration
        store = environment.store
        issuer = environment.issuer
        clock = environment.clock
        random = environment.random
    }

    var settings: ServerConfiguration.MFAConfiguration { configuration.mfa }

    /// The caller's factor `id`: a malformed id or another user's factor is "not found", as GoTrue.
    func ownFactor(_ id: String, of caller: Authenticated) async throws(AuthError) -> FactorRecord {
        guard let uuid = UUID(parsing: id) else {
            throw AuthError(.validationFailed, kind: .notFound, "Factor ID must be a UUID")
        }
        let userId = caller.user.id
        guard let factor = try await store.run(.read, { try await $0.mfaFactors.find(id: uuid, userId: userId) }) else {
            throw .factorNotFound
        }
        return factor
    }
}

extension AuthError {
    static let factorNotFound = AuthError(.mfaFactorNotFound, kind: .notFound)
}

extension Authenticated {
    /// True when the caller has a verified factor but this session has not used one: GoTrue then
    /// refuses what would let a thief with only the password take the account over.
    var needsSecondFactor: Bool { user.hasVerifiedFactor && session.aal != "aal2" }

    /// `PUT /user`'s rule: a new password or address needs aal2 once the user has a verified factor.
    func requireSecondFactor(changingPassword: Bool, email: String?) throws(AuthError) {
        let changesEmail = email.map { (try? EmailAddress(validating: $0))?.normalized != user.email } ?? false
        guard needsSecondFactor, changingPassword || changesEmail else { return }
        throw AuthError(
            .insufficientAAL, kind: .unauthenticated, "AAL2 session is required to update email or password when MFA is enabled.")
    }
}
