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

/// The addresses of a pending email change that have not confirmed it yet. The change
/// completes when none is left; each address counts once, however many of its links exist
/// (a redelivered email mints another). Stored in `users.email_change_awaiting` as the sum of the
/// sides' bits.
struct EmailChangeSides: OptionSet, Sendable, Hashable {
    let rawValue: Int

    static let new = EmailChangeSides(rawValue: 1)
    static let current = EmailChangeSides(rawValue: 2)
    static let both: EmailChangeSides = [.new, .current]

    init(rawValue: Int) {
        self.rawValue = rawValue
    }

    init(_ side: EmailChangeSide) {
        self = side == .current ? .current : .new
    }

    /// Who confirms a new change: the new address, and with secure email change the current one.
    static func required(twoSided: Bool) -> EmailChangeSides {
        twoSided ? .both : .new
    }
}
