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

/// A row of `mfa_factors`: one TOTP authenticator of a user. The secret stays in the database (in
/// the clear, as GoTrue keeps it without its optional at-rest encryption) and leaves the server
/// only once, in the enrolment answer; `payload` never includes it.
struct FactorRecord: Sendable, Equatable {
    enum Status: String, Sendable { case unverified, verified }

    var id: UUID
    var userId: UUID
    var friendlyName: String
    var factorType: String
    var status: Status
    var secret: String
    var lastChallengedAt: Timestamp?
    var createdAt: Timestamp
    var updatedAt: Timestamp

    var isVerified: Bool { status == .verified }

    var payload: FactorPayload {
        FactorPayload(
            id: id.lowercasedString, friendlyName: friendlyName.isEmpty ? nil : friendlyName, factorType: factorType,
            status: status.rawValue, lastChallengedAt: lastChallengedAt, createdAt: createdAt, updatedAt: updatedAt
        )
    }
}

/// A row of `mfa_challenges`: the client asked to verify a factor; a code may now be checked
/// against it until it expires, from the address that asked.
struct ChallengeRecord: Sendable, Equatable {
    var id: UUID
    var factorId: UUID
    var ip: String
    var createdAt: Timestamp
    var verifiedAt: Timestamp?
}

extension UserRecord {
    var hasVerifiedFactor: Bool { factors.contains(where: \.isVerified) }
}
