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

extension SessionRecord {
    /// Why this session may no longer be refreshed under GoTrue's session limits, or nil.
    ///
    /// The time-box counts from sign-in (`created_at`), the inactivity timeout from the last
    /// refresh (`refreshed_at`, set at sign-in too). Like GoTrue, only refreshes are refused:
    /// access tokens already issued run to their own expiry.
    func expiry(under limits: ServerConfiguration.SessionLimits, at now: Timestamp) -> AuthError? {
        let nowMicros = now.microsecondsSinceEpoch
        if limits.timebox > 0, nowMicros > createdAt.microsecondsSinceEpoch + Int64(limits.timebox) * 1_000_000 {
            return AuthError(.sessionExpired, kind: .invalidRequest)
        }
        if limits.inactivityTimeout > 0,
            nowMicros > refreshedAt.microsecondsSinceEpoch + Int64(limits.inactivityTimeout) * 1_000_000
        {
            return AuthError(.sessionExpired, kind: .invalidRequest, "Invalid Refresh Token: Session Expired (Inactivity)")
        }
        return nil
    }
}
