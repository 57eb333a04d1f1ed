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

/// One enrolled second factor as Identity Toolkit lists it (`mfaInfo[]` of a sign-in waiting for
/// its factor and of `accounts:lookup`): a TOTP factor has an empty `totpInfo` (the SDKs tell a
/// TOTP factor from a phone one by that key), `enrolledAt` is RFC 3339.
struct FirebaseMFAEnrollment: Encodable, Sendable, Equatable {
    struct TOTPInfo: Encodable, Sendable, Equatable {}

    var mfaEnrollmentId: String
    var displayName: String?
    var enrolledAt: String
    var totpInfo = TOTPInfo()

    init(_ factor: FactorRecord) {
        mfaEnrollmentId = factor.id.lowercasedString
        displayName = factor.friendlyName.isEmpty ? nil : factor.friendlyName
        enrolledAt = FirebaseUserInfo.rfc3339(factor.createdAt)
    }

    /// The verified factors of `factors`, oldest first; nil when there is none (the key is left out).
    static func list(_ factors: [FactorRecord]) -> [FirebaseMFAEnrollment]? {
        let verified = factors.filter(\.isVerified).sorted { $0.createdAt.microsecondsSinceEpoch < $1.createdAt.microsecondsSinceEpoch }
        return verified.isEmpty ? nil : verified.map(FirebaseMFAEnrollment.init)
    }
}
