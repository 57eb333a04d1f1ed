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

/// One sign-up of an address that is not confirmed yet: the password and metadata that person
/// chose. Nothing of it takes effect until the link emailed for this very sign-up is used, so
/// a stranger who signs up first with someone else's address cannot leave a password of their
/// own on the account the owner later confirms.
struct PendingSignupRecord: Sendable {
    var id: UUID
    var userId: UUID
    var passwordHash: String?
    var userMetadata: [String: JSONValue]
    var createdAt: Timestamp
}
