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

extension WebContext {
    /// The text under a new-password field the server refused as `weak_password`: a password on
    /// the common or breached list (reason `pwned`), otherwise one under the minimum length.
    static func passwordText(for error: AuthError, minimum: Int) -> String {
        if PasswordCheck.tooCommon(reasons: error.weakPasswordReasons) { return UserFacingText.passwordTooCommon }
        return UserFacingText.passwordTooShort(minimum: minimum)
    }
}
