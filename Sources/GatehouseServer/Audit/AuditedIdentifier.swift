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

/// What the audit log keeps of an identifier someone typed (the email field of a sign-in): the
/// address when it parses as one, otherwise only a keyed hash in the `typed_identifier` trait.
/// A password typed into the email field is a common slip, and the log is read by operators and
/// kept for months. The hash still groups one slip's attempts (the same text, trimmed and
/// lowercased, gives the same hash), and without the server secret no guess can be checked
/// against it.
struct AuditedIdentifier: Sendable {
    static let trait = "typed_identifier"
    /// Hex digits kept of the hash: enough to tell slips apart, no more.
    static let hashLength = 16
    private let keyed: HMAC<SHA256>

    /// Keyed with a key derived from the server secret for this use alone (as the one-time
    /// token hasher derives its own).
    init(secret: String) {
        let derived = HMAC<SHA256>.authenticationCode(
            for: Data("gatehouse audit typed identifier key v1".utf8), using: SymmetricKey(data: Data(secret.utf8)))
        keyed = HMAC<SHA256>(key: SymmetricKey(data: Data(derived)))
    }

    /// `event` with `typed` recorded: as its address, or as the hash trait and no address.
    func recording(_ typed: String, in event: AuditEvent) -> AuditEvent {
        var event = event
        if let address = try? EmailAddress(validating: typed) {
            event.email = address.normalized
            return event
        }
        var hmac = keyed
        hmac.update(data: Data(typed.trimmingCharacters(in: .whitespaces).lowercased().utf8))
        event.email = nil
        event.traits[Self.trait] = String(hmac.finalize().hexString.prefix(Self.hashLength))
        return event
    }
}

extension SessionService {
    /// Sign-in refusals record what was typed as the email through this.
    var auditedIdentifier: AuditedIdentifier { AuditedIdentifier(secret: configuration.jwtSecret) }
}
