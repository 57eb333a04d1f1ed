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

extension TokenPurpose {
    /// Whether a token of this purpose is minted for an account whose address is already
    /// confirmed. A confirmation or an invitation has nothing left to do there (the worker sends
    /// nothing); a reset or a magic link is for exactly such accounts.
    var reachesConfirmedAccounts: Bool {
        // Written without an exhaustive switch, so purposes other branches add keep compiling.
        self != .signup && self != .invite
    }
}
