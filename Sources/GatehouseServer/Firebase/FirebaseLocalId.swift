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

/// A user's Firebase uid (`localId`, and the ID token's `sub` and `user_id`): the id's
/// lower-case text, or the uid an account imported from Firebase kept (`firebaseUid`). A
/// localId names its account through `ImportedAccountID`'s mapping, which gives a native id
/// back unchanged and an imported uid the id it was stored under: no lookup table is read.
enum FirebaseLocalId {
    static func of(_ user: UserRecord) -> String { user.firebaseUid ?? user.id.lowercasedString }

    static func userId(_ localId: String) -> UUID { ImportedAccountID.userId(for: localId, from: .firebase) }

    /// Whether `localId` names `user`.
    static func names(_ user: UserRecord, _ localId: String) -> Bool { localId == of(user) }
}
