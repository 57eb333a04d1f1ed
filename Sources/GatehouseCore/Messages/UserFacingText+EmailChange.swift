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

extension UserFacingText.Account {
    public static let changeEmail = "Change Email"
    public static let changingEmail = "Sending confirmation links..."
    public static let newEmailLabel = "New email address"
    public static let sameEmail = "This is already your email address"
    public static let emailTaken = "This email address belongs to another account"

    /// After the "Change Email" form: where the links went.
    public static func emailChangeSent(to newEmail: String, current: String?) -> String {
        guard let current else { return "We sent a confirmation link to \(newEmail). Your address changes once you follow it." }
        return "We sent confirmation links to \(newEmail) and to \(current). Your address changes once both are followed."
    }

    /// While a change waits for its confirmations.
    public static func emailChangePending(_ newEmail: String) -> String {
        "Waiting for confirmation of your new address, \(newEmail): follow the links we emailed."
    }
}
