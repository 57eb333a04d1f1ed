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

/// Where the login page's "Sign in with a passkey" stands.
public enum PasskeySignInState: Equatable, Sendable {
    /// The button can be tapped.
    case idle
    /// Options asked for, the system sheet up, or the answer being checked: no second tap.
    case inProgress
    /// The session is the client's; the page goes to the dashboard.
    case signedIn
    /// It did not work; the text says what to do (try again, or use the password).
    case failed(String)
    /// The server has passkeys switched off, or this device has none: the button goes away and
    /// the text says to use the password.
    case unavailable(String)
}
