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

/// The per-account budget for 6-digit code guesses across successive codes: each token allows
/// five tries, but a new code can be requested every send window, so without this an attacker
/// would get five more guesses a minute. Ten tries per account per hour, whatever the codes.
struct CodeGuessBudget: Sendable {
    static let triesPerWindow = 10
    static let windowSeconds: Double = 3600

    let userId: UUID

    var key: String { "code:" + userId.lowercasedString }
    var limit: Int { Self.triesPerWindow }
    var window: Double { Self.windowSeconds }
}
