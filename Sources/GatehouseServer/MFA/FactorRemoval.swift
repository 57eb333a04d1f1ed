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

extension MFAService {
    /// `DELETE /factors/{id}`: removes the caller's factor. A verified one needs an aal2 session
    /// (else a stolen password could remove the second factor). Sessions raised with the factor
    /// drop to aal1.
    func unenroll(_ caller: Authenticated, factorId: String) async throws(AuthError) -> FactorRecord {
        try caller.refuseAnonymousFactorCalls()
        let factor = try await ownFactor(factorId, of: caller)
        if factor.isVerified && caller.session.aal != "aal2" {
            throw AuthError(.insufficientAAL, kind: .refused, "AAL2 required to unenroll verified factor")
        }
        try await remove(factor)
        return factor
    }

    /// `GET /admin/users/{id}/factors`.
    func adminFactors(userId: String) async throws(AuthError) -> [FactorRecord] {
        let uuid = try Self.userUUID(userId)
        return try await store.run { work in
            guard try await work.users.find(id: uuid) != nil else {
                throw AuthError(.userNotFound, kind: .notFound)
            }
            return try await work.mfaFactors.list(userId: uuid)
        }
    }

    /// `DELETE /admin/users/{id}/factors/{factor_id}`: the factor removed, as it was.
    func adminDeleteFactor(userId: String, factorId: String) async throws(AuthError) -> FactorRecord {
        let uuid = try Self.userUUID(userId)
        guard let factorUUID = UUID(parsing: factorId) else {
            throw AuthError(.validationFailed, kind: .notFound, "Factor ID must be a UUID")
        }
        guard let factor = try await store.run(.read, { try await $0.mfaFactors.find(id: factorUUID, userId: uuid) }) else {
            throw .factorNotFound
        }
        try await remove(factor)
        return factor
    }

    /// `PUT /admin/users/{id}/factors/{factor_id} {friendly_name}`: the factor renamed.
    func adminRenameFactor(userId: String, factorId: String, friendlyName: String?) async throws(AuthError) -> FactorRecord {
        let uuid = try Self.userUUID(userId)
        guard let factorUUID = UUID(parsing: factorId) else {
            throw AuthError(.validationFailed, kind: .notFound, "Factor ID must be a UUID")
        }
        let now = clock.now()
        return try await store.run(.transaction) { work in
            _ = try await work.users.find(id: uuid, lockedForUpdate: true)
            guard var factor = try await work.mfaFactors.find(id: factorUUID, userId: uuid) else { throw AuthError.factorNotFound }
            guard let friendlyName else { return factor }
            guard try await work.mfaFactors.rename(id: factor.id, userId: uuid, to: friendlyName, at: now) else {
                throw AuthError(
                    .mfaFactorNameConflict, kind: .refused,
                    "A factor with the friendly name \"\(friendlyName)\" for this user already exists")
            }
            factor.friendlyName = friendlyName
            factor.updatedAt = now
            return factor
        }
    }

    private func remove(_ factor: FactorRecord) async throws(AuthError) {
        let now = clock.now()
        try await store.run(.transaction) { work in
            try await work.mfaChallenges.lowerSessions(factorId: factor.id, at: now)
            try await work.mfaFactors.delete(id: factor.id)
            try await work.audit(.factor(.factorRemoved, factor), at: now)
        }
    }

    private static func userUUID(_ id: String) throws(AuthError) -> UUID {
        guard let uuid = UUID(parsing: id) else { throw .validation("user_id must be an UUID") }
        return uuid
    }
}
