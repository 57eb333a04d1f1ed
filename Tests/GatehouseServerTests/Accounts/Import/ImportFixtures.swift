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
import Testing

@testable import GatehouseServer

/// What the reader suites share: a fixed clock, reading a text fixture, and an entry's account
/// or refusal.
enum ImportFixtures {
    /// The import's "now": bans and confirmations the source does not date are dated by it.
    static let now = Timestamp(rfc3339: "2026-01-02T03:04:05Z")!

    static func read(
        _ text: String, _ source: ImportSource, firebaseHash: FirebaseHashParameters? = nil
    ) throws(ImportFileError) -> [ImportEntry] {
        try ExportReader.read(Array(text.utf8), source: source, firebaseHash: firebaseHash, now: now)
    }

    static func instant(_ text: String) -> Timestamp {
        guard let instant = Timestamp(rfc3339: text) else { fatalError("not RFC 3339: \(text)") }
        return instant
    }

    /// Every reason of `entries` leaves out each of `secrets` (hashes, salts, passwords,
    /// addresses of the fixture).
    static func expectNoSecrets(in entries: [ImportEntry], _ secrets: [String], sourceLocation: SourceLocation = #_sourceLocation) {
        let reasons = entries.compactMap(\.refusal)
        #expect(!reasons.isEmpty, sourceLocation: sourceLocation)
        for reason in reasons {
            for secret in secrets where !secret.isEmpty {
                #expect(!reason.lowercased().contains(secret.lowercased()), "\(reason)", sourceLocation: sourceLocation)
            }
        }
    }
}

extension ImportEntry {
    var account: ImportedAccount? { try? result.get() }

    var refusal: String? {
        guard case .failure(let refusal) = result else { return nil }
        return refusal.reason
    }
}
