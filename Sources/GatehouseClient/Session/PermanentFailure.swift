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

extension AuthClientError {
    /// The server says the session behind this call is gone for good (revoked, the user banned
    /// or deleted, the token not one of its own): no retry can change it, so the session ends.
    var endsSessionOnAnyEndpoint: Bool {
        guard let code = apiError?.code else { return false }
        return code.endsSession || [AuthErrorCode.userBanned, .badJWT, .userNotFound].contains(code)
    }

    /// A refresh refused with a 4xx other than "slow down" (408, 429) will be refused again:
    /// the refresh token is dead and so is the session.
    var endsSessionOnRefresh: Bool {
        guard let error = apiError else { return false }
        if endsSessionOnAnyEndpoint { return true }
        return (400..<500).contains(error.status) && error.status != 408 && !error.isRateLimit
    }
}

/// How long the background refresher waits after failures it may retry (offline, 5xx, 429):
/// `first`, doubling with each further failure, never more than `maximum`.
struct RefreshBackoff: Sendable {
    let first: Double
    let maximum: Double
    private(set) var failures = 0

    init(first: TimeSpan, maximum: TimeSpan) {
        self.first = first.seconds
        self.maximum = max(first.seconds, maximum.seconds)
    }

    /// The pause after one more failure, in seconds.
    mutating func failed() -> Double {
        failures += 1
        return min(maximum, first * Double(1 << min(failures - 1, 30)))
    }

    mutating func succeeded() { failures = 0 }
}
