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

/// The checks every reader makes of a record, whatever its source, so an imported account
/// meets the rules one created here meets.
enum ImportChecks {
    /// The address as accounts store it (trimmed, lower-case), checked with the rule sign-up
    /// applies (`AuthError.checkEmail`: `EmailAddress`).
    static func email(_ raw: String?) throws(ImportRefusal) -> String {
        guard let raw else { throw .missingEmail }
        do {
            return try EmailAddress(validating: raw).normalized
        } catch .missing {
            throw .missingEmail
        } catch {
            throw .invalidEmail
        }
    }

    /// A stored hash in one of the forms `ImportedPasswordHash` verifies; none for an absent or
    /// empty field. The refusal names the field and quotes `ImportedHashError`, which never
    /// holds the hash.
    static func passwordHash(_ text: String?, field: String) throws(ImportRefusal) -> ImportedPasswordHash? {
        guard let text, !text.isEmpty else { return nil }
        do {
            return try ImportedPasswordHash(parsing: text)
        } catch {
            throw ImportRefusal("\(field): \(error.description)")
        }
    }

    /// The end of the ban that stands for a disabled account (Firebase's `disabled`, Django's
    /// `is_active` false): the longest ban there is, as the Firebase adapter's `disableUser`.
    static func disabledUntil(now: Timestamp) -> Timestamp {
        now.adding(seconds: AccountService.maximumBanSeconds)
    }
}
