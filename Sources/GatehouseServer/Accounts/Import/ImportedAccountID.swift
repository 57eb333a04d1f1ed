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

/// The user id an imported account gets. A source id that is a UUID in its lower-case form is
/// kept as it is (Supabase ids, UUID-shaped Firebase uids); any other id (a Firebase uid such as
/// `"Xc9aF2…"`, a Django integer) gets a name-based UUID (RFC 9562 version 5, SHA-1) in a
/// namespace of its source, so importing the same export twice names the same accounts, and
/// a Firebase `localId` resolves to its account without a lookup table.
enum ImportedAccountID {
    enum Source: String, Sendable {
        case firebase
        case django
    }

    /// The UUID under which the account with `sourceId` is stored.
    static func userId(for sourceId: String, from source: Source) -> UUID {
        if let uuid = UUID(parsing: sourceId), uuid.lowercasedString == sourceId { return uuid }
        return derived(from: sourceId, source: source)
    }

    /// Whether `sourceId` must be kept beside the UUID (it is not the UUID's own text).
    static func needsOwnId(_ sourceId: String) -> Bool {
        guard let uuid = UUID(parsing: sourceId) else { return true }
        return uuid.lowercasedString != sourceId
    }

    /// Version 5: SHA-1 of the namespace's bytes and the name's UTF-8, the version and variant
    /// bits set. The namespace is Gatehouse's own, one per source.
    static func derived(from sourceId: String, source: Source) -> UUID {
        var hasher = Insecure.SHA1()
        hasher.update(data: namespace(source).bytes)
        hasher.update(data: Array(sourceId.utf8))
        var bytes = Array(hasher.finalize().prefix(16))
        bytes[6] = (bytes[6] & 0x0F) | 0x50
        bytes[8] = (bytes[8] & 0x3F) | 0x80
        return UUID(
            uuid: (
                bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
                bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]
            ))
    }

    /// Gatehouse's namespaces, one per source: chosen once at random and never changed, since
    /// every derived id depends on them.
    private static func namespace(_ source: Source) -> UUID {
        switch source {
        case .firebase: UUID(uuidString: "5f0c8f52-6c0e-5b3e-9d8a-3f6b1e2c4a71")!
        case .django: UUID(uuidString: "8a2d4c6e-1b3f-5a7c-9e0d-2f4b6a8c0e13")!
        }
    }
}

extension UUID {
    fileprivate var bytes: [UInt8] { withUnsafeBytes(of: uuid) { Array($0) } }
}
