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

/// GoTrue's session JSON for a session a service issued.
extension SessionPayload {
    init(_ issued: IssuedSession) {
        self.init(
            accessToken: issued.accessToken, expiresIn: issued.expiresIn, expiresAt: issued.expiresAt,
            refreshToken: issued.refreshToken, user: issued.user.payload,
            weakPassword: issued.weakPasswordReasons.map {
                WeakPasswordPayload(message: "Your password no longer meets the password requirements.", reasons: $0)
            }
        )
    }
}
