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

/// A link opened a session for a different user than the one signed in. The signed-in session is
/// kept; the link's session waits (in memory only) until the app decides:
/// `adoptPendingLinkSession()` switches to it, `discardPendingLinkSession()` revokes it.
public struct LinkSessionConflict: Error, Sendable, Equatable {
    /// The user signed in now.
    public let signedInUser: User
    /// The user the link belongs to.
    public let linkUser: User
    /// Whether the link was a password reset.
    public let isPasswordRecovery: Bool
}
