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

extension Authenticated {
    /// GoTrue refuses every `/factors` call of an anonymous user (gotrue-extended 8.2): 403
    /// `no_authorization`. An anonymous account has no address to recover a lost factor with.
    func refuseAnonymousFactorCalls() throws(AuthError) {
        guard user.isAnonymous else { return }
        throw AuthError(.noAuthorization, kind: .forbidden, "Anonymous user not allowed to perform these actions")
    }
}
